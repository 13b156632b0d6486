#pragma once
/// When an answer arrived, as the kernel saw it: the load engine asks for a receive timestamp on each
/// plain-TCP connection (SO_TIMESTAMPNS) and reads with recvmsg, so an answer's completion time is the
/// moment its last byte reached the socket, not the moment the worker got round to reading it. A worker
/// busy with other answers (or sleeping on purpose to read them in one batch) then adds nothing to the
/// measured latency.
///
/// The kernel stamps on the system clock; the engine measures on the steady clock. The two differ by an
/// offset that moves only when the system clock is stepped (NTP slewing changes both alike), so each
/// worker samples it at every tick.

#include <cstddef>
#include <cstdint>
#include <ctime>

namespace dockside::load {

/// Asks the kernel to stamp what arrives on the socket; false where it refuses.
bool enable_receive_stamps(int fd);

/// One read of a non-blocking socket.
struct StampedRead {
    long bytes = 0;           ///< as recv: > 0 data, 0 end of stream, < 0 error (see `error`)
    int error = 0;            ///< errno when bytes < 0
    bool stamped = false;     ///< `stamp` holds the arrival time of the last byte read
    std::timespec stamp{};    ///< system clock
};

/// recvmsg with room for the receive timestamp.
StampedRead read_stamped(int fd, void* data, std::size_t size);

/// Converts kernel stamps (system clock) to steady-clock nanoseconds.
class ReceiveClock {
public:
    /// Samples the offset between the two clocks; cheap (a few clock reads through the vDSO).
    void calibrate();
    std::int64_t to_steady_ns(const std::timespec& stamp) const;
    std::int64_t offset_ns() const { return offset_ns_; }

private:
    std::int64_t offset_ns_ = 0;  ///< system minus steady
};

}  // namespace dockside::load
