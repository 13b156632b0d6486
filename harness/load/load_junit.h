#pragma once
/// A load run's gate as JUnit XML (junit.xml in its folder), so GitLab and Jenkins show a load gate as
/// they show a conformance gate; the dialect of harness/tests/conform/fixtures/junit.xsd.
///   suite "thresholds":  one <testcase> per threshold; crossed (or not judgeable) is a <failure> whose
///                        message says the measured figure against the asked one
///   suite "validation":  one <testcase> per operation whose responses were sampled (--validate); a
///                        <failure> when some broke the contract (type: the first rule), <skipped> when
///                        none could be judged
///   suite "run":         one <testcase> "run completed", an <error> when the run was interrupted or the
///                        target answered nothing, so such a run never reads as green

#include <string>

#include "harness/load/summary_json.h"

namespace dockside::load {

std::string render_load_junit(const RunSummary& summary);

}  // namespace dockside::load
