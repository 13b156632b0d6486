#include "harness/compare/statistics.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include <boost/math/distributions/normal.hpp>
#include <boost/math/distributions/students_t.hpp>

namespace dockside::compare {

double normal_quantile(double p) {
    if (p <= 0) return -INFINITY;
    if (p >= 1) return INFINITY;
    return boost::math::quantile(boost::math::normal_distribution<double>(), p);
}

double student_quantile(double p, double df) {
    if (!std::isfinite(df) || df > 1e7) return normal_quantile(p);
    if (p <= 0) return -INFINITY;
    if (p >= 1) return INFINITY;
    return boost::math::quantile(boost::math::students_t_distribution<double>(std::max(df, 1e-3)), p);
}

Welch welch(const std::vector<double>& x, const std::vector<double>& y) {
    Welch out;
    out.estimate = mean_of(x) - mean_of(y);
    const double vx = std::pow(standard_deviation(x), 2) / static_cast<double>(x.size());
    const double vy = std::pow(standard_deviation(y), 2) / static_cast<double>(y.size());
    out.se = std::sqrt(vx + vy);
    const double parts = vx * vx / (static_cast<double>(x.size()) - 1) + vy * vy / (static_cast<double>(y.size()) - 1);
    out.df = parts > 0 ? (vx + vy) * (vx + vy) / parts : static_cast<double>(x.size() + y.size() - 2);
    return out;
}

Welch paired_difference(const std::vector<double>& x, const std::vector<double>& y) {
    std::vector<double> d;
    for (std::size_t i = 0; i < x.size() && i < y.size(); ++i) d.push_back(x[i] - y[i]);
    Welch out;
    out.estimate = mean_of(d);
    out.se = standard_deviation(d) / std::sqrt(static_cast<double>(d.size()));
    out.df = static_cast<double>(d.size()) - 1;
    return out;
}

namespace {

/// The largest c with P(W+ <= c) <= a for Wilcoxon's signed-rank statistic of n pairs, -1 when none.
long signed_rank_critical(std::size_t n, double a) {
    const std::size_t most = n * (n + 1) / 2;
    if (n > 300) {  // the normal approximation, with a continuity correction
        const double mean = static_cast<double>(most) / 2;
        const double sd = std::sqrt(static_cast<double>(n) * (n + 1) * (2 * n + 1) / 24);
        return static_cast<long>(std::floor(mean + normal_quantile(a) * sd - 0.5));
    }
    // The distribution of W+ by adding one rank at a time: each rank is in the sum or not, by a fair coin.
    std::vector<double> p(most + 1, 0.0);
    p[0] = 1;
    std::size_t reach = 0;
    for (std::size_t rank = 1; rank <= n; ++rank) {
        reach += rank;
        for (std::size_t s = reach; s >= rank; --s) p[s] = (p[s] + p[s - rank]) / 2;
        for (std::size_t s = 0; s < rank; ++s) p[s] /= 2;
    }
    double below = 0;
    long c = -1;
    for (std::size_t s = 0; s <= most; ++s) {
        below += p[s];
        if (below > a) break;
        c = static_cast<long>(s);
    }
    return c;
}

}  // namespace

int signed_rank_fewest_pairs(double a) {
    if (!(a > 0)) return 1 << 30;
    return std::max(1, static_cast<int>(std::ceil(std::log2(1 / a) - 1e-12)));
}

Bounds signed_rank_bounds(const std::vector<double>& differences, double a) {
    std::vector<double> walsh;
    const std::size_t n = differences.size();
    walsh.reserve(n * (n + 1) / 2);
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = i; j < n; ++j) walsh.push_back((differences[i] + differences[j]) / 2);
    Bounds out{0, -INFINITY, INFINITY};
    if (walsh.empty()) return out;
    std::sort(walsh.begin(), walsh.end());
    const std::size_t m = walsh.size();
    out.estimate = m % 2 ? walsh[m / 2] : (walsh[m / 2 - 1] + walsh[m / 2]) / 2;
    // The c + 1st smallest and largest Walsh averages: as many of them lie above the true centre as W+
    // counts, so each bound misses it with probability P(W+ <= c) <= a.
    const long c = signed_rank_critical(n, a);
    if (c < 0) return out;
    const auto k = std::min(static_cast<std::size_t>(c), m - 1);
    out.low = walsh[k];
    out.high = walsh[m - 1 - k];
    return out;
}

Bounds mover_difference(const Bounds& x, const Bounds& y) {
    Bounds out;
    out.estimate = x.estimate - y.estimate;
    out.low = out.estimate - std::hypot(x.estimate - x.low, y.high - y.estimate);
    out.high = out.estimate + std::hypot(x.high - x.estimate, y.estimate - y.low);
    return out;
}

double binomial_dispersion(const std::vector<std::int64_t>& hits, const std::vector<std::int64_t>& trials) {
    double h = 0, n = 0;
    int k = 0;
    for (std::size_t i = 0; i < trials.size(); ++i)
        if (trials[i] > 0) h += static_cast<double>(hits[i]), n += static_cast<double>(trials[i]), ++k;
    const double p = n > 0 ? h / n : 0;
    if (k < 2 || p <= 0 || p >= 1) return 1;
    double chi2 = 0;
    for (std::size_t i = 0; i < trials.size(); ++i) {
        if (trials[i] <= 0) continue;
        const double expected = static_cast<double>(trials[i]) * p;
        chi2 += std::pow(static_cast<double>(hits[i]) - expected, 2) / (expected * (1 - p));
    }
    return chi2 / (k - 1);
}

double poisson_dispersion(const std::vector<std::int64_t>& counts, const std::vector<double>& lengths) {
    double c = 0, t = 0;
    int k = 0;
    for (std::size_t i = 0; i < counts.size(); ++i)
        if (lengths[i] > 0) c += static_cast<double>(counts[i]), t += lengths[i], ++k;
    if (k < 2 || c <= 0) return 1;
    double chi2 = 0;
    for (std::size_t i = 0; i < counts.size(); ++i) {
        if (lengths[i] <= 0) continue;
        const double expected = c / t * lengths[i];
        chi2 += std::pow(static_cast<double>(counts[i]) - expected, 2) / expected;
    }
    return chi2 / (k - 1);
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

}  // namespace dockside::compare
