#include "harness/checks/probe.h"

#include <ostream>

#include "harness/checks/provider.h"

namespace dockside::checks {

std::string ProbeValue::describe() const {
    switch (kind) {
        case Kind::Unchanged: return "the valid request";
        case Kind::Bare: return "the request with its required parameters only";
        case Kind::Text:
            return "text of " + std::to_string(count) + (multibyte ? " multi-byte" : "") +
                   (count == 1 ? " character" : " characters");
        case Kind::TextIn: return "text of " + std::to_string(low) + " to " + std::to_string(high) + " characters";
        case Kind::Integer: return "the integer " + std::to_string(low);
        case Kind::IntegerIn: return "an integer in [" + std::to_string(low) + ", " + std::to_string(high) + "]";
        case Kind::OneOf: {
            std::string out;
            for (const auto& v : values) out += (out.empty() ? "" : ", ") + v.dump();
            return std::string(as_array_item ? "[one of " : "one of ") + out + (as_array_item ? "]" : "");
        }
        case Kind::Literal: return (as_array_item ? "[" + literal.dump() + "]" : literal.dump());
        case Kind::Items: return "an array of " + std::to_string(count) + (count == 1 ? " item" : " items");
        case Kind::Absent: return "the member left out";
        case Kind::Present: return "the member present";
        case Kind::DuplicateItem: return "one item repeated (same " + key + ")";
        case Kind::UrlScheme: return "a URL with scheme " + literal.get<std::string>();
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
           where + "|" + value.describe() + "|" + to_string(expect) + std::to_string(status) + codes + "|" + stance_key;
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
