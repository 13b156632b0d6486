#include "harness/load/response_judge.h"

namespace dockside::load {

SampleJudge make_response_judge(const validate::ResponseValidator& validator,
                                      std::vector<const spec::Operation*> operations) {
    return [&validator, operations = std::move(operations)](const SampledResponse& sample) {
        std::vector<SampleViolation> found;
        const spec::Operation* op = sample.operation < operations.size() ? operations[sample.operation] : nullptr;
        if (!op) return found;
        http::Response response;
        response.status = sample.status;
        if (!sample.content_type.empty()) response.headers.add("Content-Type", sample.content_type);
        response.body = sample.body;
        for (const auto& v : validator.validate(*op, response))
            found.push_back({v.rule, v.pointer, "expected " + v.expected + ", actual " + v.actual});
        return found;
    };
}

}  // namespace dockside::load
