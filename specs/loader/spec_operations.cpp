// The operation half of Spec: reading paths, parameters, bodies and responses into Operation rows.
#include "specs/loader/spec.h"

#include "specs/loader/spec_internal.h"

namespace dockside::spec {

using namespace detail;

namespace {

bool truthy_marker(const json& object, const char* key) {
    auto it = object.find(key);
    if (it == object.end()) return false;
    if (it->is_boolean()) return it->get<bool>();
    return it->is_string() || (it->is_array() && !it->empty());
}

/// x-unspecified on an operation: true (both), "request"/"response", or a list of those.
void read_unspecified(const json& op, Operation& out) {
    auto it = op.find("x-unspecified");
    if (it == op.end()) return;
    if (it->is_boolean()) {
        out.request_unspecified = out.response_unspecified = it->get<bool>();
        return;
    }
    for (const auto& part : string_list(*it)) {
        if (part == "request") out.request_unspecified = true;
        if (part == "response" || part == "responses") out.response_unspecified = true;
    }
}

std::optional<ChannelHeader> parse_channel_header(const std::string& text) {
    if (text == "required") return ChannelHeader::Required;
    if (text == "optional") return ChannelHeader::Optional;
    if (text == "not-used" || text == "not_used" || text == "notused") return ChannelHeader::NotUsed;
    return std::nullopt;
}

/// Collects what the operation builder needs from one operation object; keeps build_operations short.
struct OperationReader {
    const Spec& spec;
    std::vector<std::string>& problems;

    std::vector<Parameter> parameters(const json& path_item, const json& op, const std::string& path_ptr,
                                      const std::string& op_ptr) {
        std::vector<Parameter> out;
        auto add = [&](const json& list, const std::string& list_ptr) {
            if (!list.is_array()) return;
            for (size_t i = 0; i < list.size(); ++i) {
                std::string ptr = list_ptr + "/" + std::to_string(i);
                const json* p = spec.deref(&list[i], &ptr);
                if (!p || !p->is_object()) {
                    problems.push_back(ptr + ": parameter reference does not resolve");
                    continue;
                }
                Parameter param{string_or(*p, "name"), string_or(*p, "in"), p->value("required", false),
                                p->contains("schema") ? (*p)["schema"] : json(), ptr};
                if (param.in == "path") param.required = true;
                auto same = std::find_if(out.begin(), out.end(), [&](const Parameter& q) {
                    return q.name == param.name && q.in == param.in;
                });
                if (same != out.end()) *same = std::move(param);  // operation level overrides path level
                else out.push_back(std::move(param));
            }
        };
        if (auto it = path_item.find("parameters"); it != path_item.end()) add(*it, path_ptr + "/parameters");
        if (auto it = op.find("parameters"); it != op.end()) add(*it, op_ptr + "/parameters");
        return out;
    }

    /// The JSON (or first) media type's schema of a `content` map.
    void content_schema(const json& holder, const std::string& holder_ptr, std::vector<std::string>* types,
                        std::optional<json>& schema, std::string& schema_ptr) {
        auto content = holder.find("content");
        if (content == holder.end() || !content->is_object()) return;
        const json* chosen = nullptr;
        std::string chosen_type;
        for (const auto& [type, media] : content->items()) {
            if (types) types->push_back(type);
            if (!chosen || (is_json_media_type(type) && !is_json_media_type(chosen_type))) {
                chosen = &media;
                chosen_type = type;
            }
        }
        if (chosen && chosen->is_object() && chosen->contains("schema")) {
            schema = (*chosen)["schema"];
            schema_ptr = pointer_append(holder_ptr + "/content", chosen_type) + "/schema";
        }
    }

    bool schema_unspecified(const std::string& schema_ptr) {
        const json* node = spec.resolve(schema_ptr);
        for (int hop = 0; node && node->is_object() && hop < kMaxRefHops; ++hop) {
            if (truthy_marker(*node, "x-unspecified")) return true;
            auto ref = node->find("$ref");
            if (ref == node->end() || !ref->is_string()) break;
            node = spec.resolve(ref->get<std::string>());
        }
        return false;
    }

    void responses(const json& op, const std::string& op_ptr, Operation& out) {
        auto list = op.find("responses");
        if (list == op.end() || !list->is_object()) {
            problems.push_back(op_ptr + ": operation " + out.id + " declares no responses");
            return;
        }
        for (const auto& [status, raw] : list->items()) {
            std::string ptr = pointer_append(op_ptr + "/responses", status);
            const json* response = spec.deref(&raw, &ptr);
            if (!response || !response->is_object()) {
                problems.push_back(ptr + ": response reference does not resolve");
                continue;
            }
            ResponseSpec spec_entry;
            spec_entry.status = status;
            spec_entry.pointer = ptr;
            content_schema(*response, ptr, &spec_entry.content_types, spec_entry.schema,
                           spec_entry.schema_pointer);
            spec_entry.unspecified = out.response_unspecified || truthy_marker(*response, "x-unspecified") ||
                                     (!spec_entry.schema_pointer.empty() &&
                                      schema_unspecified(spec_entry.schema_pointer));
            out.responses.emplace(status, std::move(spec_entry));
        }
    }

    void request_body(const json& op, const std::string& op_ptr, Operation& out) {
        auto it = op.find("requestBody");
        if (it == op.end()) return;
        std::string ptr = op_ptr + "/requestBody";
        const json* body = spec.deref(&*it, &ptr);
        if (!body || !body->is_object()) {
            problems.push_back(ptr + ": requestBody reference does not resolve");
            return;
        }
        out.request_body_required = body->value("required", false);
        content_schema(*body, ptr, nullptr, out.request_schema, out.request_schema_pointer);
    }

    static std::vector<std::string> scopes(const json& op, const json& document) {
        const json* security = op.contains("security") ? &op["security"]
                               : document.contains("security") ? &document["security"]
                                                               : nullptr;
        std::vector<std::string> out;
        if (!security || !security->is_array()) return out;
        for (const auto& requirement : *security) {
            if (!requirement.is_object()) continue;
            for (const auto& [scheme, names] : requirement.items())
                for (const auto& name : string_list(names))
                    if (std::find(out.begin(), out.end(), name) == out.end()) out.push_back(name);
        }
        return out;
    }

    ChannelHeader channel_header(const json& op, const Operation& out) {
        std::string declared = string_or(op, "x-channel-header");
        if (!declared.empty()) {
            if (auto parsed = parse_channel_header(declared)) return *parsed;
            problems.push_back(out.pointer + ": x-channel-header '" + declared +
                               "' is not required, optional or not-used");
        }
        // Without the extension, the header parameter says it.
        const Parameter* header = out.parameter("service_channel_id", "header");
        if (!header) return ChannelHeader::NotUsed;
        return header->required ? ChannelHeader::Required : ChannelHeader::Optional;
    }
};

}  // namespace

std::vector<std::string> Spec::build_operations() {
    std::vector<std::string> problems;
    const json& doc = *document_;
    auto paths = doc.find("paths");
    if (!doc.is_object() || paths == doc.end() || !paths->is_object()) {
        problems.push_back("the document has no `paths` object");
        return problems;
    }
    OperationReader reader{*this, problems};
    for (const auto& [path, raw_item] : paths->items()) {
        std::string path_ptr = pointer_append("/paths", path);
        if (path.empty() || path.front() != '/') problems.push_back(path_ptr + ": path does not start with '/'");
        const json* item = deref(&raw_item, &path_ptr);
        if (!item || !item->is_object()) continue;
        for (std::string_view method : kMethods) {
            auto found = item->find(std::string(method));
            if (found == item->end() || !found->is_object()) continue;
            const json& op = *found;
            Operation out;
            out.pointer = path_ptr + "/" + std::string(method);
            out.method = upper(method);
            out.path_template = path;
            out.id = string_or(op, "operationId");
            if (out.id.empty()) {
                problems.push_back(out.pointer + ": operation has no operationId");
                continue;
            }
            if (by_id_.count(out.id)) {
                problems.push_back(out.pointer + ": duplicate operationId " + out.id);
                continue;
            }
            out.area = string_or(op, "x-area");
            out.section = string_or(op, "x-section");
            out.rules = string_list(op.value("x-rules", json()));
            read_unspecified(op, out);
            out.parameters = reader.parameters(*item, op, path_ptr, out.pointer);
            out.channel_header = reader.channel_header(op, out);
            out.scopes = OperationReader::scopes(op, doc);
            reader.request_body(op, out.pointer, out);
            reader.responses(op, out.pointer, out);
            by_id_.emplace(out.id, operations_.size());
            templates_.emplace_back(out.path_template);
            operations_.push_back(std::move(out));
        }
    }
    return problems;
}

}  // namespace dockside::spec
