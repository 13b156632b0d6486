#include "harness/conform/learnt_answers.h"

#include <algorithm>
#include <fstream>
#include <optional>
#include <set>

#include "core/text.h"
#include "harness/conform/session.h"
#include "harness/http/url.h"

namespace dockside::conform {
namespace {

using json = nlohmann::json;

/// Deep enough for an order's shipments' items; a hostile body cannot make the walk recurse without end.
constexpr int kDeepest = 4;
/// A stance is learnt from at least this many answers (lists) where it could have been broken: fewer say
/// too little of what the server always does.
constexpr int kLeast = 5;

void collect(const json& value, const std::string& at, int depth, std::vector<std::string>& out) {
    if (depth > kDeepest) return;
    if (value.is_object()) {
        for (const auto& [name, member] : value.items()) {
            const std::string path = at.empty() ? name : at + "." + name;
            out.push_back(path);
            collect(member, path, depth + 1, out);
        }
        return;
    }
    if (!value.is_array()) return;
    std::optional<std::set<std::string>> common;  // the members every item holds
    for (const auto& item : value) {
        if (!item.is_object()) return;  // scalars, or items of several kinds: not entered
        std::vector<std::string> held;
        collect(item, at + "[]", depth + 1, held);
        std::set<std::string> these(held.begin(), held.end());
        if (!common) common = std::move(these);
        else std::erase_if(*common, [&](const std::string& m) { return !these.count(m); });
    }
    if (!common) return;
    out.push_back(at + "[]");
    out.insert(out.end(), common->begin(), common->end());
}

/// Where a member sits: "a.b" in "a", "a[].b" in "a[]", "a[]" in "a", a top-level member in the body ("").
std::string parent_of(const std::string& member) {
    if (const auto dot = member.rfind('.'); dot != std::string::npos) return member.substr(0, dot);
    return member.ends_with("[]") ? member.substr(0, member.size() - 2) : std::string();
}

bool may_order(const std::string& key) {
    const std::string k = ascii_lower(key);
    return k == "id" || k.ends_with("_id") || k.ends_with("_at") || k.ends_with("date");
}

std::string_view order_name(Order o) {
    return o == Order::Ascending ? "ascending" : o == Order::Descending ? "descending" : o == Order::Equal ? "equal" : "mixed";
}

/// The node and the allOf members it is made of, each with its `$ref` followed.
void parts_of(const spec::Spec& spec, const json* node, std::vector<const json*>& out, int depth = 0) {
    node = node ? spec.deref(node) : nullptr;
    if (!node || !node->is_object() || depth > 8) return;
    out.push_back(node);
    if (const auto all = node->find("allOf"); all != node->end() && all->is_array())
        for (const auto& part : *all) parts_of(spec, &part, out, depth + 1);
}

/// The schema of what sits at `token` of a value of `node` ("[]": an item), or nullptr when it says none.
const json* step(const spec::Spec& spec, const json* node, const std::string& token) {
    std::vector<const json*> parts;
    parts_of(spec, node, parts);
    for (const json* part : parts) {
        if (token == "[]") {
            if (const auto items = part->find("items"); items != part->end()) return &*items;
        } else if (const auto props = part->find("properties"); props != part->end() && props->contains(token)) {
            return &(*props)[token];
        }
    }
    return nullptr;
}

std::vector<std::string> tokens_of(const std::string& member) {
    std::vector<std::string> tokens;
    for (std::size_t start = 0; start <= member.size();) {
        const auto end = std::min(member.find('.', start), member.size());
        std::string name = member.substr(start, end - start);
        const bool item = name.ends_with("[]");
        if (item) name.resize(name.size() - 2);
        if (!name.empty()) tokens.push_back(name);
        if (item) tokens.push_back("[]");
        start = end + 1;
    }
    return tokens;
}

/// A list the server orders itself: what a GET naming no record answers. Elsewhere an array in a body (an
/// order's lines) comes in the order it was written.
bool collection(const spec::Operation& op) {
    return op.method == "GET" && std::none_of(op.parameters.begin(), op.parameters.end(), [](const spec::Parameter& p) { return p.in == "path"; });
}

struct UsualOrder {
    std::string key;  ///< empty: none
    Order direction = Order::Equal;
    int lists = 0;    ///< strictly ordered by it
};

/// The key most lists were strictly ordered by and none against (`id` where two tie), from at least
/// kLeast lists; none when no key was.
UsualOrder usual_order(const std::map<std::string, std::map<Order, int>>& by_key) {
    UsualOrder usual;
    for (const auto& entry : by_key) {
        const std::string& key = entry.first;
        const auto& seen = entry.second;  // a named reference: clang 14 cannot capture a structured binding
        const auto count = [&seen](Order o) { return seen.count(o) ? seen.at(o) : 0; };
        const int up = count(Order::Ascending), down = count(Order::Descending), strict = std::max(up, down);
        if (count(Order::Mixed) || (up && down) || strict < kLeast) continue;
        if (strict > usual.lists || (strict == usual.lists && key == "id"))
            usual = {key, up ? Order::Ascending : Order::Descending, strict};
    }
    return usual;
}

std::string joined(const std::vector<std::string>& items) {
    std::string out;
    for (const auto& item : items) out += (out.empty() ? "" : ", ") + item;
    return out;
}

}  // namespace

std::vector<std::string> filled_members(const json& body) {
    std::vector<std::string> out;
    collect(body, "", 1, out);
    std::sort(out.begin(), out.end());
    return out;
}

std::map<std::string, Order> list_order(const json& body) {
    const json* list = body.is_array() ? &body : nullptr;
    if (body.is_object())
        for (const auto& [name, member] : body.items())
            if (member.is_array() && !member.empty() && member.front().is_object()) {
                list = &member;
                break;
            }
    std::map<std::string, Order> out;
    if (!list || list->size() < 2 || !list->front().is_object()) return out;
    for (const auto& [key, first] : list->front().items()) {
        if (!may_order(key) || !(first.is_number() || first.is_string())) continue;
        int up = 0, down = 0;
        bool comparable = true;
        for (std::size_t i = 1; i < list->size() && comparable; ++i) {
            const json& a = (*list)[i - 1];
            const json& b = (*list)[i];
            const auto x = a.is_object() ? a.find(key) : a.end();
            const auto y = b.is_object() ? b.find(key) : b.end();
            comparable = x != a.end() && y != b.end() && x->is_number() == first.is_number() && y->is_number() == first.is_number() &&
                         (x->is_number() || x->is_string()) && (y->is_number() || y->is_string());
            if (comparable) up += *x < *y, down += *y < *x;
        }
        if (comparable) out[key] = up && down ? Order::Mixed : up ? Order::Ascending : down ? Order::Descending : Order::Equal;
    }
    return out;
}

bool asks_order(const std::vector<std::string>& query_names) {
    return std::any_of(query_names.begin(), query_names.end(),
                       [](const std::string& name) { return ascii_lower(name).find("sort") != std::string::npos; });
}

void AnswerLearner::add(const SeenAnswer& a) {
    const spec::Operation* declared = spec_.find(a.operation);
    if (!declared) return;  // not the contract's (the simulation control): nothing to learn of it
    Operation& op = seen_[a.operation];
    ++op.answers;
    ++op.statuses[a.status];
    std::set<std::string> names;
    for (const auto& h : a.headers) names.insert(ascii_lower(h));
    for (const auto& name : names) ++op.headers[name];
    if (!(a.body.is_object() || a.body.is_array())) return;
    ++op.members[""];
    for (const auto& m : filled_members(a.body)) ++op.members[m];
    if (a.asked_order || !collection(*declared)) return;
    const auto order = list_order(a.body);
    if (order.empty()) return;
    ++op.lists;
    for (const auto& [key, o] : order) ++op.order[key][o];
}

Result<int, std::string> AnswerLearner::add_har(const std::string& path) {
    std::ifstream in(path);
    const json har = json::parse(in, nullptr, false);
    if (!har.is_object() || !har.contains("log") || !har["log"].value("entries", json()).is_array())
        return fail("no HAR 1.2 entries in " + path);
    int added = 0;
    for (const auto& entry : har["log"]["entries"]) {
        const json tag = entry.value("_dockside", json::object());
        const json response = entry.value("response", json::object());
        const int status = response.value("status", 0);
        if (!tag.is_object() || tag.value("operation", "").empty() || status < 200 || status >= 300) continue;
        SeenAnswer a{tag.value("operation", ""), status, {}, json(), false};
        for (const auto& h : response.value("headers", json::array())) a.headers.push_back(h.value("name", ""));
        const json content = response.value("content", json::object());
        if (content.value("mimeType", "").find("json") != std::string::npos)
            a.body = json::parse(content.value("text", ""), nullptr, false);  // a body cut to the HAR's cap is discarded
        std::vector<std::string> query;
        for (const auto& q : entry.value("request", json::object()).value("queryString", json::array())) query.push_back(q.value("name", ""));
        a.asked_order = asks_order(query);
        add(a);
        ++added;
    }
    return added;
}

bool AnswerLearner::required(const std::string& operation, const std::string& member) const {
    const spec::Operation* op = spec_.find(operation);
    const auto& statuses = seen_.at(operation).statuses;
    const auto usual = std::max_element(statuses.begin(), statuses.end(), [](const auto& a, const auto& b) { return a.second < b.second; });
    const spec::ResponseSpec* response = op && usual != statuses.end() ? op->response_for(usual->first) : nullptr;
    const json* node = response && !response->schema_pointer.empty() ? spec_.resolve(response->schema_pointer) : nullptr;
    auto tokens = tokens_of(member);
    if (!node || tokens.empty() || tokens.back() == "[]") return false;
    const std::string name = tokens.back();
    tokens.pop_back();
    for (const auto& token : tokens)
        if (!(node = step(spec_, node, token))) return false;
    std::vector<const json*> parts;
    parts_of(spec_, node, parts);
    return std::any_of(parts.begin(), parts.end(), [&](const json* part) {
        const json required_list = part->value("required", json::array());
        return required_list.is_array() && std::find(required_list.begin(), required_list.end(), json(name)) != required_list.end();
    });
}

std::string AnswerLearner::stances_text() const {
    json fields = json::object(), headers = json::object(), orders = json::object();
    std::vector<std::string> field_notes, header_notes, order_notes;
    for (const auto& [id, op] : seen_) {
        std::vector<std::string> filled;
        for (const auto& [member, n] : op.members) {
            const auto parent = op.members.find(parent_of(member));
            if (member.empty() || member.ends_with("[]") || parent == op.members.end() || parent->second < kLeast) continue;
            if (n == parent->second && !required(id, member)) filled.push_back(member);
        }
        if (!filled.empty()) {
            fields[id] = filled;
            field_notes.push_back(id + " " + std::to_string(filled.size()) + " in " + std::to_string(op.members.at("")) + " answers");
        }
        std::vector<std::string> sent;
        for (const auto& [name, n] : op.headers)
            if (op.answers >= kLeast && n == op.answers && !http::varies_per_answer(name)) sent.push_back(name);
        if (!sent.empty()) {
            headers[id] = sent;
            header_notes.push_back(id + " " + std::to_string(op.answers));
        }
        if (const auto usual = usual_order(op.order); op.lists >= kLeast && !usual.key.empty()) {
            orders[id] = {{"key", usual.key}, {"direction", order_name(usual.direction)}};
            order_notes.push_back(id + " by " + usual.key + " " + std::string(order_name(usual.direction)) + " in " +
                                  std::to_string(usual.lists) + " of " + std::to_string(op.lists) + " lists");
        }
    }
    std::string out;
    const auto stance = [&](const char* id, const char* assert, const json& operations, const std::vector<std::string>& notes,
                            const std::string& what) {
        if (operations.empty()) {
            out += "  # " + std::string(id) + ": not learnt: no operation answered at least " + std::to_string(kLeast) + " times " + what + "\n";
            return;
        }
        out += "  # " + std::string(id) + ": held in every answer (" + what + "): " + joined(notes) + "\n";
        out += "  " + std::string(id) + ": " + json{{"assert", assert}, {"operations", operations}}.dump() + "\n";
    };
    stance("NS-FILLED-FIELDS", "filled_fields", fields, field_notes, "members the contract does not require");
    stance("NS-RESPONSE-HEADERS", "response_headers", headers, header_notes, "headers");
    stance("NS-LIST-ORDER", "list_order", orders, order_notes, "lists of two or more records, no sort asked");
    return out;
}

void expect_learnt_answer(const Exchange& ex) {
    const int status = ex.status();
    if (status < 200 || status >= 300 || ex.operation_id.empty()) return;
    Session& session = current_session();
    for (const char* id : {"NS-FILLED-FIELDS", "NS-RESPONSE-HEADERS", "NS-LIST-ORDER"}) {
        const json& stance = session.stance(id);
        const auto operations = stance.is_object() ? stance.find("operations") : stance.end();
        if (operations == stance.end() || !operations->is_object()) continue;
        const auto learnt = operations->find(ex.operation_id);
        if (learnt == operations->end()) continue;
        std::string expected, actual;
        if (std::string(id) == "NS-RESPONSE-HEADERS") {
            std::vector<std::string> missing;
            for (const auto& name : *learnt)
                if (name.is_string() && !ex.response->headers.has(name.get<std::string>())) missing.push_back(name.get<std::string>());
            if (!missing.empty()) expected = "the header " + joined(missing), actual = "no " + joined(missing);
        } else if (const json body = ex.json(); !(body.is_object() || body.is_array())) {
            continue;  // not JSON: the contract judges that
        } else if (std::string(id) == "NS-FILLED-FIELDS") {
            const auto held = filled_members(body);
            const auto holds = [&](const std::string& m) { return m.empty() || std::binary_search(held.begin(), held.end(), m); };
            std::vector<std::string> missing;
            for (const auto& member : *learnt)
                if (member.is_string() && holds(parent_of(member.get<std::string>())) && !holds(member.get<std::string>()))
                    missing.push_back(member.get<std::string>());
            if (!missing.empty()) expected = "a body with " + joined(missing), actual = "a body without " + joined(missing);
        } else {
            std::vector<std::string> query;
            if (const auto params = http::parse_query(ex.request.query()))
                for (const auto& [name, value] : *params) query.push_back(name);
            const auto order = list_order(body);
            const std::string key = learnt->value("key", "");
            const auto seen = order.find(key);
            if (!ex.operation || !collection(*ex.operation) || asks_order(query) || seen == order.end() || seen->second == Order::Equal)
                continue;
            if (order_name(seen->second) != learnt->value("direction", ""))
                expected = "a list " + learnt->value("direction", "") + " by " + key, actual = std::string(order_name(seen->second)) + " by " + key;
        }
        if (expected.empty()) continue;
        const std::string stated = std::string(id) + " of the " + session.info().profile + " profile";
        record_failure(id, ex, ex.operation_id + " answers as the server the profile was learnt from did (" + stated + ")",
                       "Received: " + std::to_string(status) + " with " + actual + " / Expected: " + expected + " (" + stated + ")");
    }
}

}  // namespace dockside::conform
