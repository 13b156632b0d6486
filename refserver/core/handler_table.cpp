#include "refserver/core/handler_table.h"

namespace dockside::refserver {

OperationBinding* HandlerTable::find(std::string_view operation_id) {
    for (auto& b : bindings_)
        if (b.operation_id == operation_id) return &b;
    return nullptr;
}

void HandlerTable::bind(std::string operation_id, Handler handler, StoreLock lock) {
    if (find(operation_id)) {
        problems_.push_back("operation " + operation_id + " has two handlers");
        return;
    }
    bindings_.push_back({std::move(operation_id), std::move(handler), lock});
}

void HandlerTable::bind_reads(std::initializer_list<Named> handlers) {
    for (const auto& [operation_id, handler] : handlers) bind(operation_id, handler, StoreLock::Shared);
}

void HandlerTable::bind_writes(std::initializer_list<Named> handlers) {
    for (const auto& [operation_id, handler] : handlers) bind(operation_id, handler, StoreLock::Exclusive);
}

void HandlerTable::leave_unserved(std::string_view operation_id) {
    if (auto* b = find(operation_id)) b->served = false;
    else problems_.push_back("a fault leaves " + std::string(operation_id) + " unserved, but no handler is bound to it");
}

void HandlerTable::serve_unversioned(std::string_view operation_id) {
    if (auto* b = find(operation_id)) b->unversioned = true;
    else problems_.push_back("a fault moves " + std::string(operation_id) + ", but no handler is bound to it");
}

}  // namespace dockside::refserver
