#include "harness/compare/statistics.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace dockside::compare {
namespace {

/// Both samples at most this long: the exact null distribution of U is counted (C(50, 25) fits a double
/// exactly).
constexpr std::size_t kExactLimit = 25;

/// How many of the C(n+m, n) orderings give each U = 0 … n·m (Mann and Whitney's recurrence
/// f(n, m, u) = f(n − 1, m, u − m) + f(n, m − 1, u)).
std::vector<double> u_counts(std::size_t n, std::size_t m) {
    // table[i][j] is the distribution for samples of i and j.
    std::vector<std::vector<std::vector<double>>> table(n + 1, std::vector<std::vector<double>>(m + 1));
    for (std::size_t i = 0; i <= n; ++i)
        for (std::size_t j = 0; j <= m; ++j) {
            auto& f = table[i][j];
            f.assign(i * j + 1, 0.0);
            if (i == 0 || j == 0) {
                f[0] = 1;
                continue;
            }
            const auto& without_x = table[i - 1][j];  // the largest value is a y: U unchanged … or an x: +j
            const auto& without_y = table[i][j - 1];
            for (std::size_t u = 0; u < without_y.size(); ++u) f[u] += without_y[u];
            for (std::size_t u = 0; u < without_x.size(); ++u) f[u + j] += without_x[u];
        }
    return table[n][m];
}

bool has_ties(std::vector<double> all) {
    std::sort(all.begin(), all.end());
    return std::adjacent_find(all.begin(), all.end()) != all.end();
}

/// Σ (t³ − t) over groups of tied values, for the variance of U.
double tie_term(std::vector<double> all) {
    std::sort(all.begin(), all.end());
    double sum = 0;
    for (std::size_t i = 0; i < all.size();) {
        std::size_t j = i;
        while (j < all.size() && all[j] == all[i]) ++j;
        const double t = static_cast<double>(j - i);
        sum += t * t * t - t;
        i = j;
    }
    return sum;
}

/// The regularized incomplete beta function I_x(a, b), by its continued fraction (modified Lentz), on the
/// side of x where the fraction converges quickly.
double incomplete_beta(double x, double a, double b) {
    if (x <= 0) return 0;
    if (x >= 1) return 1;
    if (x > (a + 1) / (a + b + 2)) return 1 - incomplete_beta(1 - x, b, a);
    const double front =
        std::exp(std::lgamma(a + b) - std::lgamma(a) - std::lgamma(b) + a * std::log(x) + b * std::log1p(-x)) / a;
    constexpr double tiny = 1e-300;
    double c = 1, d = 1 - (a + b) * x / (a + 1);
    d = 1 / (std::abs(d) < tiny ? tiny : d);
    double f = d;
    for (int m = 1; m <= 300; ++m) {
        for (int half = 0; half < 2; ++half) {
            const double numerator = half == 0 ? m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m))
                                               : -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1));
            d = 1 + numerator * d;
            d = 1 / (std::abs(d) < tiny ? tiny : d);
            c = 1 + numerator / c;
            if (std::abs(c) < tiny) c = tiny;
            f *= c * d;
        }
        if (std::abs(c * d - 1) < 1e-15) break;
    }
    return front * f;
}

}  // namespace

double student_cdf(double t, double df) {
    if (!std::isfinite(df) || df > 1e7) return normal_cdf(t);
    const double tail = 0.5 * incomplete_beta(df / (df + t * t), df / 2, 0.5);
    return t > 0 ? 1 - tail : tail;
}

double student_quantile(double p, double df) {
    if (p <= 0) return -INFINITY;
    if (p >= 1) return INFINITY;
    double lo = -1e6, hi = 1e6;
    for (int i = 0; i < 200 && hi - lo > 1e-12 * std::max(1.0, std::abs(lo)); ++i) {
        const double mid = 0.5 * (lo + hi);
        (student_cdf(mid, df) < p ? lo : hi) = mid;
    }
    return 0.5 * (lo + hi);
}

double normal_cdf(double z) { return 0.5 * std::erfc(-z / std::sqrt(2.0)); }

double normal_quantile(double p) {
    if (p <= 0) return -INFINITY;
    if (p >= 1) return INFINITY;
    // Bisection to a start, then Newton steps on the cdf: accurate to ~1e-12 over (1e-300, 1 − 1e-16).
    double lo = -40, hi = 40;
    for (int i = 0; i < 80; ++i) {
        const double mid = 0.5 * (lo + hi);
        (normal_cdf(mid) < p ? lo : hi) = mid;
    }
    double z = 0.5 * (lo + hi);
    for (int i = 0; i < 3; ++i) {
        const double density = std::exp(-0.5 * z * z) / std::sqrt(2 * M_PI);
        if (density <= 0) break;
        z -= (normal_cdf(z) - p) / density;
    }
    return z;
}

RankTest mann_whitney_greater(const std::vector<double>& x, const std::vector<double>& y, double shift) {
    RankTest out;
    if (x.empty() || y.empty()) return out;
    std::vector<double> shifted(x.size());
    std::transform(x.begin(), x.end(), shifted.begin(), [shift](double v) { return v - shift; });
    for (double a : shifted)
        for (double b : y) out.u += a > b ? 1.0 : a == b ? 0.5 : 0.0;
    std::vector<double> all(shifted);
    all.insert(all.end(), y.begin(), y.end());
    const std::size_t n = x.size(), m = y.size();
    if (n <= kExactLimit && m <= kExactLimit && !has_ties(all)) {
        const auto counts = u_counts(n, m);
        const double total = std::accumulate(counts.begin(), counts.end(), 0.0);
        double tail = 0;
        for (std::size_t u = static_cast<std::size_t>(std::lround(out.u)); u < counts.size(); ++u) tail += counts[u];
        out.p_greater = tail / total;
        out.exact = true;
        return out;
    }
    const double nn = static_cast<double>(n), mm = static_cast<double>(m), total = nn + mm;
    const double variance = nn * mm / 12.0 * ((total + 1) - tie_term(all) / (total * (total - 1)));
    if (variance <= 0) {
        out.p_greater = out.u > nn * mm / 2 ? 0.0 : 1.0;
        return out;
    }
    const double z = (out.u - nn * mm / 2 - 0.5) / std::sqrt(variance);  // continuity correction
    out.p_greater = 1 - normal_cdf(z);
    return out;
}

double smallest_rank_p(std::size_t n, std::size_t m) {
    // 1 / C(n+m, n) in logs, so large samples do not overflow.
    const double log_choose = std::lgamma(static_cast<double>(n + m) + 1) - std::lgamma(static_cast<double>(n) + 1) -
                              std::lgamma(static_cast<double>(m) + 1);
    return std::exp(-log_choose);
}

ShiftEstimate hodges_lehmann(const std::vector<double>& x, const std::vector<double>& y, double confidence) {
    ShiftEstimate out;
    if (x.empty() || y.empty()) return out;
    std::vector<double> differences;
    differences.reserve(x.size() * y.size());
    for (double a : x)
        for (double b : y) differences.push_back(a - b);
    std::sort(differences.begin(), differences.end());
    out.estimate = median_of(differences);
    const std::size_t n = x.size(), m = y.size(), pairs = differences.size();
    const double alpha = 1 - confidence;
    // k: the largest count of differences cut from each end with P(U < k) <= alpha / 2.
    std::size_t k = 0;
    double cut_probability = 0;  // P(U < k) for the k chosen
    if (n <= kExactLimit && m <= kExactLimit) {
        const auto counts = u_counts(n, m);
        const double total = std::accumulate(counts.begin(), counts.end(), 0.0);
        double below = 0;
        for (std::size_t c = 0; c < counts.size(); ++c) {
            if (below + counts[c] / total > alpha / 2) break;
            below += counts[c] / total;
            k = c + 1;
            cut_probability = below;
        }
    } else {
        const double nn = static_cast<double>(n), mm = static_cast<double>(m);
        const double c = nn * mm / 2 - normal_quantile(1 - alpha / 2) * std::sqrt(nn * mm * (nn + mm + 1) / 12);
        k = c > 0 ? static_cast<std::size_t>(std::floor(c)) : 0;
        cut_probability = alpha / 2;
    }
    if (k == 0) {
        out.low = differences.front();
        out.high = differences.back();
        if (n <= kExactLimit && m <= kExactLimit) {
            const auto counts = u_counts(n, m);
            out.achieved_confidence = 1 - 2 * counts.front() / std::accumulate(counts.begin(), counts.end(), 0.0);
        }
        return out;
    }
    k = std::min(k, (pairs + 1) / 2);
    out.low = differences[k - 1];
    out.high = differences[pairs - k];
    out.achieved_confidence = 1 - 2 * cut_probability;
    return out;
}

std::vector<double> holm_adjust(const std::vector<double>& p) {
    std::vector<std::size_t> order(p.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&p](std::size_t a, std::size_t b) { return p[a] < p[b]; });
    std::vector<double> adjusted(p.size());
    double running = 0;
    const double m = static_cast<double>(p.size());
    for (std::size_t rank = 0; rank < order.size(); ++rank) {
        const double scaled = std::min(1.0, (m - static_cast<double>(rank)) * p[order[rank]]);
        running = std::max(running, scaled);  // step-down: never below an earlier, smaller p's adjustment
        adjusted[order[rank]] = running;
    }
    return adjusted;
}

double mean_of(const std::vector<double>& values) {
    if (values.empty()) return 0;
    return std::accumulate(values.begin(), values.end(), 0.0) / static_cast<double>(values.size());
}

double standard_deviation(const std::vector<double>& values) {
    if (values.size() < 2) return 0;
    const double mean = mean_of(values);
    double sum = 0;
    for (double v : values) sum += (v - mean) * (v - mean);
    return std::sqrt(sum / static_cast<double>(values.size() - 1));
}

double median_of(std::vector<double> values) {
    if (values.empty()) return 0;
    const std::size_t mid = values.size() / 2;
    std::nth_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(mid), values.end());
    const double upper = values[mid];
    if (values.size() % 2 == 1) return upper;
    return 0.5 * (upper + *std::max_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(mid)));
}

}  // namespace dockside::compare
