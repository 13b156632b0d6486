#include "specs/loader/servers.h"

namespace dockside::spec {

std::string own_server(const Spec& spec, const Operation& op) {
    // The operation's pointer is its path item's followed by the method.
    const std::string path_pointer = op.pointer.substr(0, op.pointer.rfind('/'));
    for (const std::string& pointer : {op.pointer, path_pointer}) {
        const json* node = spec.deref(spec.resolve(pointer));
        if (!node || !node->is_object()) continue;
        const auto servers = node->find("servers");
        if (servers == node->end() || !servers->is_array() || servers->empty() || !servers->front().is_object()) continue;
        const auto url = servers->front().find("url");
        if (url != servers->front().end() && url->is_string()) return url->get<std::string>();
    }
    return {};
}

}  // namespace dockside::spec
