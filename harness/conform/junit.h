#pragma once
/// The run as JUnit XML, in the dialect GitLab and Jenkins read (the schema is
/// harness/tests/conform/fixtures/junit.xsd): one <testsuite> per area, one <testcase> per test.
///   failed      <failure message="<first finding's title>" type="<its rule id>">the whole report</failure>
///   timed out   <error message="timed out …" type="timeout">
///   interrupted <error message="interrupted …" type="interrupted">
///   blocked     <error message="blocked: …" type="<the setup finding's rule id>">the cause</error>
///   accepted    <skipped message="accepted: …"/> and the accepted findings in <system-out>
///   skipped     <skipped message="<reason>"/>
/// Text is XML-escaped, control characters and broken UTF-8 replaced, source locations of the harness
/// removed.

#include <string>

#include "harness/conform/results.h"

namespace dockside::conform {

std::string render_junit(const RunResults& results);

}  // namespace dockside::conform
