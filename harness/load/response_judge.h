#pragma once
/// The judge of sampled responses under load: the conformance validator (status, content type, JSON,
/// schema) applied to the operation the request was sent as. Raw paths the contract does not know are
/// not judged.

#include <vector>

#include "harness/load/sample_queue.h"
#include "harness/validate/response_validator.h"
#include "specs/loader/spec.h"

namespace dockside::load {

/// `operations` is parallel to the plan's operations (null entries are not judged); both it and the
/// validator must outlive the judge.
SampleJudge make_response_judge(const validate::ResponseValidator& validator,
                                      std::vector<const spec::Operation*> operations);

}  // namespace dockside::load
