// Cost of the histogram operations the load driver relies on: record (on every response, per worker),
// add (once per worker and interval), percentiles and encoding (once per interval and report).
// Values are pre-drawn so the loop measures the histogram, not the random generator.
#include <cmath>
#include <cstdio>
#include <random>
#include <vector>

#include <benchmark/benchmark.h>

#include "harness/histogram/codec.h"
#include "harness/histogram/histogram.h"
#include "harness/histogram/percentiles_text.h"

namespace dockside::histogram {
namespace {

constexpr std::size_t kValues = 1 << 16;

/// Response times of a healthy service: lognormal around 800 µs.
std::vector<std::int64_t> latencies() {
    std::mt19937_64 random(7);
    std::lognormal_distribution<> draw(std::log(800.0), 0.8);
    std::vector<std::int64_t> values(kValues);
    for (auto& v : values) v = std::llround(draw(random));
    return values;
}

/// Values spread evenly in log scale from 1 µs to 1 h: every bucket touched, the cache-unfriendly case.
std::vector<std::int64_t> wide_values() {
    std::mt19937_64 random(11);
    std::uniform_real_distribution<> exponent(0, std::log(3.6e9));
    std::vector<std::int64_t> values(kValues);
    for (auto& v : values) v = std::llround(std::exp(exponent(random)));
    return values;
}

void record_all(benchmark::State& state, const std::vector<std::int64_t>& values) {
    Histogram h;
    std::size_t i = 0;
    for (auto _ : state) {
        benchmark::DoNotOptimize(h.record(values[i]));
        i = (i + 1) & (kValues - 1);
    }
    benchmark::DoNotOptimize(h.total_count());
    state.SetItemsProcessed(state.iterations());
    state.counters["bytes_per_histogram"] = static_cast<double>(h.memory_bytes());
}

void BM_RecordLatencies(benchmark::State& state) { record_all(state, latencies()); }
BENCHMARK(BM_RecordLatencies);

void BM_RecordWideRange(benchmark::State& state) { record_all(state, wide_values()); }
BENCHMARK(BM_RecordWideRange);

void BM_RecordOutOfRange(benchmark::State& state) {
    std::vector<std::int64_t> values = latencies();
    for (std::size_t i = 0; i < values.size(); i += 2) values[i] = 5'000'000'000;  // half past an hour
    record_all(state, values);
}
BENCHMARK(BM_RecordOutOfRange);

Histogram filled(const std::vector<std::int64_t>& values) {
    Histogram h;
    for (auto v : values) h.record(v);
    return h;
}

void BM_AddWorkerHistogram(benchmark::State& state) {
    const auto worker = filled(wide_values());
    Histogram total;
    for (auto _ : state) benchmark::DoNotOptimize(total.add(worker));
}
BENCHMARK(BM_AddWorkerHistogram);

// What the load driver's collector does each second with every worker's histograms: add one whose values
// are latency-like (a narrow part of the range), then clear it for the next second.
void BM_AddLatencyHistogram(benchmark::State& state) {
    const auto worker = filled(latencies());
    Histogram total;
    for (auto _ : state) benchmark::DoNotOptimize(total.add(worker));
}
BENCHMARK(BM_AddLatencyHistogram);

void BM_ResetLatencyHistogram(benchmark::State& state) {
    const auto values = latencies();
    Histogram h;
    for (auto _ : state) {
        state.PauseTiming();
        for (std::size_t i = 0; i < values.size(); i += 100) h.record(values[i]);
        state.ResumeTiming();
        h.reset();
    }
}
BENCHMARK(BM_ResetLatencyHistogram);

void BM_ValueAtPercentile99(benchmark::State& state) {
    const auto h = filled(latencies());
    for (auto _ : state) benchmark::DoNotOptimize(h.value_at_percentile(99.0));
}
BENCHMARK(BM_ValueAtPercentile99);

void BM_EncodeCompressedBase64(benchmark::State& state) {
    const auto h = filled(latencies());
    std::size_t size = 0;
    for (auto _ : state) size = encode_compressed_base64(h).size();
    state.counters["encoded_chars"] = static_cast<double>(size);
}
BENCHMARK(BM_EncodeCompressedBase64);

void BM_DecodeCompressedBase64(benchmark::State& state) {
    const auto text = encode_compressed_base64(filled(latencies()));
    for (auto _ : state) benchmark::DoNotOptimize(decode_compressed_base64(text).ok());
}
BENCHMARK(BM_DecodeCompressedBase64);

void BM_Hgrm(benchmark::State& state) {
    const auto h = filled(latencies());
    for (auto _ : state) benchmark::DoNotOptimize(to_hgrm(h).size());
}
BENCHMARK(BM_Hgrm);

}  // namespace
}  // namespace dockside::histogram

int main(int argc, char** argv) {
    const dockside::histogram::Histogram h;
    std::printf("memory per histogram (1 us .. 1 h, 3 digits): %zu bytes (%zu counters of 8 bytes + %zu)\n",
                h.memory_bytes(), h.counts_length(), sizeof(h));
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 2;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
