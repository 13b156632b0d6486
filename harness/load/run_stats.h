#pragma once
/// What a load run counts: per operation, latency (from the intended send time) and service time (from
/// the actual send) histograms, every status code, and transport errors by kind (wrk's fixed error
/// struct, extended). Each worker thread records into its own set; sets are added together once a
/// second, so nothing on the per-request path is shared.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "harness/histogram/histogram.h"

namespace dockside::load {

/// Why a request got no complete response.
enum class ErrorKind : std::uint8_t {
    connect,    ///< TCP connect refused, unreachable or reset
    tls,        ///< TLS handshake failed (certificate, protocol)
    write,      ///< writing the request failed
    read,       ///< the connection failed or closed before the response was complete
    timeout,    ///< no complete response within the request timeout
    protocol,   ///< the response is not valid HTTP/1.1 (status line, headers, chunking, length)
    too_large,  ///< the response's header or body exceeded its limit
    no_id,      ///< the request needed an id from earlier responses and none was there
    unsent,     ///< still waiting for a connection when the run ended
};
inline constexpr std::size_t kErrorKinds = 9;

std::string_view to_string(ErrorKind kind);
/// All kinds, in declaration order (reports print every one, zero or not, as wrk does).
const std::array<ErrorKind, kErrorKinds>& all_error_kinds();

/// Status codes 100..599 are counted one by one; anything else a server sends lands in `other_status`.
inline constexpr int kMinStatus = 100;
inline constexpr int kMaxStatus = 599;

struct OperationCounters {
    std::array<std::int64_t, kMaxStatus - kMinStatus + 1> status{};
    std::int64_t other_status = 0;
    std::array<std::int64_t, kErrorKinds> errors{};
    std::int64_t sent = 0;     ///< requests written to a connection
    std::int64_t retried = 0;  ///< resent once on a fresh connection after the server closed an idle one
    /// Open loop: due while every connection was busy (or taken by requests due earlier), so sent late by
    /// that wait. Their send lag is the target's (or too few connections), not the generator's timing.
    std::int64_t waited = 0;
    /// Drawn as this operation but sent as its fallback, because it needed an id and none was at hand (a
    /// read with no order to read, a cancel with nothing created yet): the mix was not sent as planned.
    std::int64_t substituted = 0;
    /// Sent as this operation in place of another one (the other's `substituted`); in every count above.
    std::int64_t stood_in = 0;

    void count_status(int code) {
        if (code >= kMinStatus && code <= kMaxStatus) ++status[static_cast<std::size_t>(code - kMinStatus)];
        else ++other_status;
    }
    void count_error(ErrorKind kind) { ++errors[static_cast<std::size_t>(kind)]; }
    std::int64_t status_count(int code) const {
        return code >= kMinStatus && code <= kMaxStatus ? status[static_cast<std::size_t>(code - kMinStatus)] : 0;
    }
    /// Responses received, whatever their status.
    std::int64_t responses() const;
    /// Requests that got no response (every error kind, including those never sent).
    std::int64_t transport_errors() const;
    /// Requests that never went out: no id to send them with, or no connection before the run ended.
    std::int64_t not_sent() const;
    /// Responses with status >= 400 (or outside 100..599).
    std::int64_t error_responses() const;
    /// Requests that went to the target and have an outcome: responses plus transport errors.
    std::int64_t requests() const { return responses() + transport_errors() - not_sent(); }
    /// Everything asked for: requests plus those never sent (the denominator of error rates).
    std::int64_t attempted() const { return responses() + transport_errors(); }
    /// Transport errors (never-sent included) plus error responses: what `errors<…` thresholds count.
    std::int64_t errors_total() const { return transport_errors() + error_responses(); }
    /// Requests the mix drew as this operation, whichever operation they were sent as.
    std::int64_t drawn() const { return attempted() - stood_in + substituted; }
    void add(const OperationCounters& other);
};

/// The first answer of each error status, or the first failure of each transport error kind, of an
/// operation: what a person needs to see why requests failed (a 400's body, a parser's complaint).
struct ErrorExample {
    std::string what;    ///< "HTTP 400" or an error kind ("protocol")
    std::string detail;  ///< the body's first 300 bytes, or the transport error's message
};
inline constexpr std::size_t kMaxErrorExamples = 16;  ///< per operation

/// Adds `example` unless one with the same `what` is there or the list is full.
void add_example(std::vector<ErrorExample>& examples, ErrorExample example);

/// How the answers of a run were timed and read. An answer's time is when its last byte arrived: the
/// kernel's receive stamp on plain HTTP (receive_stamp.h), the moment it was read otherwise (TLS).
struct AnswerTiming {
    std::int64_t answers = 0;     ///< measured answers
    std::int64_t at_arrival = 0;  ///< of them, timed by the kernel's arrival stamp (the rest when read)
    /// Closed loop over plain HTTP: the share of the run spent reading answers in batches (nap_policy.h);
    /// nullopt where the engine never does (open loop, TLS, read batching off).
    std::optional<double> batched_share;

    /// Another run's (a shard): counts add, shares are weighted by answers.
    void add(const AnswerTiming& other);
};

/// The histogram settings of every load histogram: microseconds, 1 µs to 1 hour, 3 significant digits.
histogram::Histogram make_latency_histogram();

struct OperationStats {
    histogram::Histogram latency = make_latency_histogram();  ///< intended send → answer complete (arrived)
    histogram::Histogram service = make_latency_histogram();  ///< actual send → answer complete (arrived)
    OperationCounters counters;

    void add(const OperationStats& other);
    void reset();
};

/// One worker's (or the whole run's) figures over a span of time.
struct StatsSet {
    explicit StatsSet(std::size_t operations = 0);

    std::vector<OperationStats> operations;
    histogram::Histogram send_lag = make_latency_histogram();  ///< actual send − intended send
    /// The send lag of the requests that found a connection free when due: the generator's own timing,
    /// without the share of requests that waited for the target to free a connection.
    histogram::Histogram own_send_lag = make_latency_histogram();
    std::int64_t start_ns = 0;  ///< span covered, ns since the run's measured start
    std::int64_t end_ns = 0;

    void add(const StatsSet& other);
    void reset();
    /// Counters of every operation together.
    OperationCounters total_counters() const;
    /// Latency of every operation together.
    histogram::Histogram total_latency() const;
    histogram::Histogram total_service() const;
};

}  // namespace dockside::load
