#include "harness/load/stats_exchange.h"

namespace dockside::load {

StatsExchange::StatsExchange(std::size_t operations) {
    for (auto& set : sets_) set = std::make_unique<StatsSet>(operations);
    spare_ = sets_[1].get();
}

StatsSet* StatsExchange::hand_over(StatsSet* full) {
    std::lock_guard lock(mutex_);
    if (ready_ != nullptr || spare_ == nullptr) return nullptr;
    ready_ = full;
    StatsSet* clean = spare_;
    spare_ = nullptr;
    return clean;
}

StatsSet* StatsExchange::take() {
    std::lock_guard lock(mutex_);
    StatsSet* set = ready_;
    ready_ = nullptr;
    return set;
}

void StatsExchange::give_back(StatsSet* set) {
    set->reset();
    std::lock_guard lock(mutex_);
    spare_ = set;
}

}  // namespace dockside::load
