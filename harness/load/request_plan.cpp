#include "harness/load/request_plan.h"

#include <cmath>

namespace dockside::load {
namespace {

bool needs_pool(const OperationPlan& op) {
    for (const auto& variant : op.variants)
        for (const auto& slot : variant.slots)
            if (slot.kind == SlotKind::read_pool || slot.kind == SlotKind::take_pool) return true;
    return false;
}

void check_variant(const RequestPlan& plan, const OperationPlan& op, const RequestVariant& variant,
                   std::vector<std::string>& problems) {
    std::uint32_t previous = 0;
    for (const auto& slot : variant.slots) {
        if (slot.position > variant.bytes.size() || slot.position < previous)
            problems.push_back(op.name + ": slot positions must be ascending and inside the request");
        previous = slot.position;
        const bool pool_kind = slot.kind == SlotKind::read_pool || slot.kind == SlotKind::take_pool;
        if (pool_kind && slot.pool >= plan.pools.size())
            problems.push_back(op.name + ": slot names pool " + std::to_string(slot.pool) + ", which does not exist");
        if (slot.kind == SlotKind::sequence && (slot.width == 0 || slot.width > 18))
            problems.push_back(op.name + ": a sequence slot needs a width of 1 to 18 digits");
    }
}

}  // namespace

bool RequestPlan::uses_credential() const {
    for (const auto& op : operations)
        for (const auto& variant : op.variants)
            for (const auto& slot : variant.slots)
                if (slot.kind == SlotKind::credential) return true;
    return false;
}

std::vector<std::string> RequestPlan::problems() const {
    std::vector<std::string> problems;
    if (operations.empty()) problems.push_back("the mix has no operation");
    if (weights.size() != operations.size()) problems.push_back("the mix needs one weight per operation");
    double total = 0;
    for (double w : weights) {
        if (!std::isfinite(w) || w < 0) problems.push_back("mix weights must be numbers >= 0");
        else total += w;
    }
    if (!operations.empty() && total <= 0) problems.push_back("at least one operation needs a weight above 0");
    for (std::size_t i = 0; i < operations.size(); ++i) {
        const auto& op = operations[i];
        if (op.variants.empty()) problems.push_back(op.name + ": no request to send");
        for (const auto& variant : op.variants) check_variant(*this, op, variant, problems);
        for (auto pool : op.capture_pools)
            if (pool >= pools.size()) problems.push_back(op.name + ": captures into a pool that does not exist");
        if (op.fallback >= 0) {
            if (static_cast<std::size_t>(op.fallback) >= operations.size() || op.fallback == static_cast<int>(i))
                problems.push_back(op.name + ": fallback names no other operation");
            else if (needs_pool(operations[static_cast<std::size_t>(op.fallback)]))
                problems.push_back(op.name + ": its fallback " + operations[static_cast<std::size_t>(op.fallback)].name +
                                   " needs ids itself");
        }
    }
    for (const auto& pool : pools)
        if (pool.capacity == 0) problems.push_back("pool " + pool.name + " has no capacity");
    return problems;
}

}  // namespace dockside::load
