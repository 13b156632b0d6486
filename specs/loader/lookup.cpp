#include "specs/loader/lookup.h"

#include "core/text.h"
#include "specs/loader/edit_distance.h"

#include <algorithm>
#include <cctype>

namespace dockside::spec {

std::size_t edit_distance(const std::string& a, const std::string& b) {
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t above = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
            diagonal = above;
        }
    }
    return row[b.size()];
}

std::string LookupError::to_string() const {
    std::string out = kind + " " + key + ": " + message;
    if (!suggestions.empty()) {
        out += " (did you mean ";
        for (std::size_t i = 0; i < suggestions.size(); ++i)
            out += (i == 0 ? "" : i + 1 == suggestions.size() ? " or " : ", ") + suggestions[i];
        out += "?)";
    }
    return out;
}

std::vector<std::string> closest_names(std::string_view wanted, const std::vector<std::string>& candidates,
                                       std::size_t limit) {
    const std::string target = ascii_lower(wanted);
    struct Scored {
        std::size_t distance;
        const std::string* name;
    };
    std::vector<Scored> scored;
    for (const auto& candidate : candidates) {
        const std::string name = ascii_lower(candidate);
        // A name that extends the wanted one ("OrderCreate" → "OrderCreateRequest") is as good as a typo.
        const bool extends = !target.empty() && (name.rfind(target, 0) == 0 || target.rfind(name, 0) == 0);
        const std::size_t distance = extends ? 1 : edit_distance(target, name);
        if (distance <= std::max<std::size_t>(2, target.size() / 3)) scored.push_back({distance, &candidate});
    }
    std::stable_sort(scored.begin(), scored.end(),
                     [](const Scored& a, const Scored& b) { return a.distance < b.distance; });
    std::vector<std::string> out;
    for (const auto& s : scored) {
        if (out.size() == limit) break;
        if (std::find(out.begin(), out.end(), *s.name) == out.end()) out.push_back(*s.name);
    }
    return out;
}

}  // namespace dockside::spec
