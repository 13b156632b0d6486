#include "harness/checks/probe.h"

#include <ostream>

#include "harness/checks/provider.h"

namespace dockside::checks {

std::string ProbeValue::describe() const {
    switch (kind) {
        case Kind::Unchanged: return "the valid request";
        case Kind::Bare: return "the request with its required parameters only";
        case Kind::Present: return "the member present";
        case Kind::MissingId: return "an id no resource has";
    }
    return "?";
}

std::string to_string(Expect expect) {
    switch (expect) {
        case Expect::Accepted: return "accepted";
        case Expect::Rejected: return "rejected";
        case Expect::Status: return "status";
        case Expect::Documented: return "documented";
        case Expect::NotAmong: return "not-among";
        case Expect::NotServed: return "not-served";
        case Expect::Served: return "served";
        case Expect::JsonResponse: return "json-response";
        case Expect::FieldNaming: return "field-naming";
    }
    return "?";
}

std::string Probe::key() const {
    std::string where;
    for (const auto& p : path) where += "/" + p;
    std::string codes;
    for (int s : statuses) codes += "," + std::to_string(s);
    return check_type + "|" + operation + "|" + method + " " + raw_path + "|" + std::to_string(static_cast<int>(place)) +
           where + "|" + value.describe() + "|" + to_string(expect) + std::to_string(status) + codes;
}

std::ostream& operator<<(std::ostream& out, const ProbeRequest& r) {
    out << (r.operation.empty() ? r.method + " " + r.raw_target : r.operation);
    for (const auto& [name, value] : r.path) out << " " << name << "=" << value;
    if (!r.query.empty()) out << " query " << r.query.dump();
    for (const auto& s : r.setup) out << " (after " << s.operation << ")";
    if (r.body) {
        std::string dumped = r.body->dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
        if (dumped.size() > 600) dumped = dumped.substr(0, 600) + "…";
        out << " body " << dumped;
    }
    return out;
}

}  // namespace dockside::checks
