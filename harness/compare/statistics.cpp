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
