#include "harness/load/request_index.h"

#include <cmath>

namespace dockside::load {

MixPicker::MixPicker(const std::vector<double>& weights) {
    double total = 0;
    for (double w : weights) total += w > 0 ? w : 0;
    double running = 0;
    for (double w : weights) {
        running += w > 0 ? w : 0;
        const double bound = total > 0 ? running / total * 4294967296.0 : 0;
        bounds_.push_back(static_cast<std::uint64_t>(std::llround(bound)));
    }
    if (!bounds_.empty()) bounds_.back() = 4294967296ULL;
}

}  // namespace dockside::load
