// A worker's requests from choice to outcome: drawn from the mix and assembled with their slots filled,
// started on a connection, and each outcome recorded; a request refused with its credential is held for
// the next one. The worker's scheduling of when to send is in worker.cpp.

#include <charconv>
#include <optional>
#include <string>

#include "harness/load/connection.h"
#include "harness/load/json_scan.h"
#include "harness/load/worker.h"

namespace dockside::load::detail {
namespace {

/// Nanoseconds to whole microseconds, rounded; negative spans (clock reads racing) count as 0.
std::int64_t micros(std::int64_t ns) { return ns <= 0 ? 0 : (ns + 500) / 1000; }

std::uint64_t power_of_ten(int digits) {
    std::uint64_t p = 1;
    while (digits-- > 0) p *= 10;
    return p;
}

bool carries_credential(const RequestVariant& variant) {
    for (const auto& slot : variant.slots)
        if (slot.kind == SlotKind::credential) return true;
    return false;
}

}  // namespace

bool Worker::assemble(std::string& out, const RequestVariant& variant, std::uint64_t index) {
    out.clear();
    std::size_t from = 0;
    char digits[24];
    for (const auto& slot : variant.slots) {
        out.append(variant.bytes, from, slot.position - from);
        from = slot.position;
        std::optional<std::int64_t> value;
        if (slot.kind == SlotKind::credential) {
            out.append(credential_.text);
            continue;
        }
        if (slot.kind == SlotKind::sequence) {
            const std::uint64_t n = index % power_of_ten(slot.width);
            auto [end, ec] = std::to_chars(digits, digits + sizeof digits, n);
            const auto length = static_cast<std::size_t>(end - digits);
            out.append(slot.width > length ? slot.width - length : 0, '0');
            out.append(digits, length);
            continue;
        }
        value = slot.kind == SlotKind::take_pool ? pools_[slot.pool].take() : pools_[slot.pool].read();
        if (!value) return false;
        auto [end, ec] = std::to_chars(digits, digits + sizeof digits, *value);
        out.append(digits, static_cast<std::size_t>(end - digits));
    }
    out.append(variant.bytes, from, std::string::npos);
    return true;
}

bool Worker::dispatch(Connection& connection, std::uint64_t index, std::int64_t intended, bool record,
                      std::int64_t now, bool waited) {
    const std::uint64_t hash = request_hash(options_.seed, index);
    const auto drawn = static_cast<std::uint32_t>(shared_.picker.pick(hash));
    std::uint32_t op_index = drawn;
    const std::uint64_t second = mix64(hash);
    for (int tries = 0; tries < 2; ++tries) {
        const OperationPlan& op = shared_.plan.operations[op_index];
        const auto variant_index = static_cast<std::uint32_t>(second % op.variants.size());
        const RequestVariant& variant = op.variants[variant_index];
        std::string_view fixed;
        bool ready = true;
        if (variant.slots.empty()) fixed = variant.bytes;
        else ready = assemble(connection.out(), variant, index);
        if (ready) {
            InFlight request;
            request.op = op_index;
            request.variant = variant_index;
            request.index = index;
            request.intended = intended;
            request.record = record;
            request.sample = shared_.samples != nullptr && op.validatable && sampled(second, options_.sample_fraction);
            request.capture = request.sample || !op.capture_key.empty();
            request.waited = waited;
            if (options_.credential && carries_credential(variant)) request.credential = credential_.generation;
            auto& operations = recording_.current->operations;
            if (record && waited) ++operations[op_index].counters.waited;
            if (record && op_index != drawn) {
                // Counted on both sides, so the run can say how far what it sent is from the mix it was given.
                ++operations[drawn].counters.substituted;
                ++operations[op_index].counters.stood_in;
            }
            if (record && open_loop_ && options_.on_send) options_.on_send(index, intended);
            connection.start(request, fixed, now);
            return true;
        }
        if (op.fallback < 0) break;
        op_index = static_cast<std::uint32_t>(op.fallback);  // e.g. nothing to cancel yet: create instead
    }
    if (record) recording_.current->operations[op_index].counters.count_error(ErrorKind::no_id);
    return false;
}

void Worker::on_sent(InFlight& request) {
    request.sent = now_ns();
    if (request.attempt > 0 || request.renewed) return;
    if (!open_loop_) request.record = request.sent >= measured_start_;
    if (!request.record) {
        ++recording_.warmup_sent;
        return;
    }
    StatsSet& current = *recording_.current;
    ++current.operations[request.op].counters.sent;
    if (!open_loop_) return;
    const std::int64_t lag = micros(request.sent - request.intended);
    current.send_lag.record(lag);
    if (!request.waited) current.own_send_lag.record(lag);
}

void Worker::on_response(const InFlight& request, int status, const std::string& content_type,
                         const std::string& body, std::int64_t answered, bool at_arrival) {
    recording_.last_completion = answered;
    batching_.on_answer(answered - request.sent);
    const OperationPlan& op = shared_.plan.operations[request.op];
    if (!op.capture_key.empty() && status >= 200 && status < 300)
        if (const auto id = find_top_level_integer(body, op.capture_key))
            for (auto pool : op.capture_pools) pools_[pool].push(*id);
    // The first answer of each error status is kept (the parser captured its body for that reason).
    auto& examples = recording_.examples[request.op];
    auto& seen = recording_.seen_statuses[request.op];
    if (status >= 400 && status < 600 && examples.size() < kMaxErrorExamples &&
        !seen.test(static_cast<std::size_t>(status))) {
        seen.set(static_cast<std::size_t>(status));
        add_example(examples, {"HTTP " + std::to_string(status), body.substr(0, 300)});
    }
    if (!request.record) return;
    ++recording_.answers;
    if (at_arrival) ++recording_.answers_at_arrival;
    auto& stats = recording_.current->operations[request.op];
    stats.counters.count_status(status);
    const std::int64_t latency = micros(answered - request.intended);
    const std::int64_t service = micros(answered - request.sent);
    stats.latency.record(latency);
    stats.service.record(service);
    if (options_.on_record) options_.on_record(request.op, latency, service);
    if (request.sample) shared_.samples->offer(request.op, status, content_type, body);
}

void Worker::on_error(const InFlight& request, ErrorKind kind, const boost::system::error_code& cause,
                      const char* note, std::int64_t ended) {
    recording_.last_completion = ended;
    batching_.on_failure();
    const auto k = static_cast<std::size_t>(kind);
    auto& examples = recording_.examples[request.op];
    auto& seen = recording_.seen_kinds[request.op];
    if (examples.size() < kMaxErrorExamples && !seen.test(k)) {
        seen.set(k);
        add_example(examples, {std::string(to_string(kind)), note ? std::string(note) : cause.message()});
    }
    if (!request.record) return;
    auto& stats = recording_.current->operations[request.op];
    stats.counters.count_error(kind);
    if (kind != ErrorKind::timeout) return;
    // A caller saw no answer until it gave up at the timeout, and wrk2 counts it so: left out, the
    // percentiles would describe only the requests that were answered, better than what callers saw.
    stats.latency.record(micros(ended - request.intended));
    if (request.sent > 0) stats.service.record(micros(ended - request.sent));
}

void Worker::on_retry(const InFlight& request) {
    if (request.record) ++recording_.current->operations[request.op].counters.retried;
}

void Worker::on_aborted(const InFlight&) { ++recording_.aborted; }

bool Worker::hold_for_credential(Connection& connection, const InFlight& request, std::int64_t now) {
    if (request.credential == 0 || request.renewed || finishing_ || !options_.credential) return false;
    options_.credential->reject(request.credential);
    credential_.held.push_back({&connection, request, now + options_.request_timeout.count()});
    resend_held(now);  // a newer credential may have been taken since the request went out
    return true;
}

void Worker::resend_held(std::int64_t now) {
    auto& all = credential_.held;
    for (std::size_t i = 0; i < all.size();) {
        const bool newer = credential_.generation > all[i].request.credential;
        const bool over = now >= all[i].until || now >= drain_deadline_ || interrupted_;
        if (!newer && !over) {
            ++i;
            continue;
        }
        CredentialHold::Held held = all[i];
        all[i] = all.back();
        all.pop_back();
        if (interrupted_) {
            on_aborted(held.request);
            continue;
        }
        if (newer && resend(held, now)) continue;
        on_response(held.request, 401, {}, {}, now, false);
        on_idle(*held.connection, now);
    }
}

bool Worker::resend(CredentialHold::Held& held, std::int64_t now) {
    const RequestVariant& variant = shared_.plan.operations[held.request.op].variants[held.request.variant];
    if (!assemble(held.connection->out(), variant, held.request.index)) return false;
    held.request.renewed = true;
    held.request.credential = credential_.generation;
    options_.credential->count_retry();
    held.connection->start(held.request, {}, now);
    return true;
}

void Worker::take_credential() {
    if (options_.credential) options_.credential->take_if_newer(credential_.text, credential_.generation);
}

}  // namespace dockside::load::detail
