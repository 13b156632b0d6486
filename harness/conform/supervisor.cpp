#include "harness/conform/supervisor.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <deque>
#include <exception>
#include <set>

#include "harness/conform/areas.h"
#include "harness/conform/results.h"
#include "harness/conform/run_apart.h"

namespace dockside::conform {
namespace {

using Clock = std::chrono::steady_clock;

/// A child whose tests let an exception escape ends with this status (after saying what escaped).
constexpr int kEscapedExit = 70;

struct Child {
    pid_t pid = -1;
    int fd = -1;
    TestBatch batch;
    EventReader reader;
    std::set<std::string> ended;
    std::size_t started = 0;       ///< tests it began
    std::string running;           ///< begun and not ended
    Clock::time_point running_since;
    std::string last_request;      ///< of the running test
    std::string escaped;           ///< what escaped the tests, when something did
    bool finished = false;         ///< said it finished its batch
    bool closed = false;           ///< its pipe reached end of file
    bool cut_short = false;        ///< killed for running past the hard limit
};

/// The child's own process: no handler of the parent's (they would write the parent's record), gone with
/// the parent, and nothing of the parent's other children.
void become_child(pid_t parent, const std::vector<Child>& siblings) {
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != parent) ::_exit(1);
    for (int signal : {SIGINT, SIGTERM, SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGPIPE}) std::signal(signal, SIG_DFL);
    for (const auto& sibling : siblings) ::close(sibling.fd);
}

conform::TestOutcome fault_outcome(const Child& child, const std::string& cause, bool hang, const SupervisorOptions& options) {
    conform::TestOutcome t;
    t.name = child.running;
    t.area = conform::area_of_test(t.name);
    t.status = hang ? conform::TestStatus::TimedOut : conform::TestStatus::Failed;
    t.seconds = std::chrono::duration<double>(Clock::now() - child.running_since).count();
    const std::string replay = options.replay ? options.replay(t.name) : std::string();
    t.reason = (hang ? "the test was still running past its hard limit and was ended: "
                     : "the harness did not survive this test: ") +
               cause + "; the run went on with the next test";
    std::string message = t.reason + "\nlast request: " + (child.last_request.empty() ? "(none sent)" : child.last_request) +
                          "\nseed: " + std::to_string(options.seed);
    if (!replay.empty()) message += "\nreplay: " + replay;
    t.failure_messages = {message};
    t.harness_fault = conform::HarnessFault{cause, child.last_request, options.seed, replay};
    return t;
}

class Supervisor {
public:
    Supervisor(std::vector<TestBatch> batches, const SupervisorOptions& options, const ChildBody& body, SupervisorNews& news)
        : pending_(batches.begin(), batches.end()), options_(options), body_(body), news_(news) {}

    void run() {
        while (!pending_.empty() || !children_.empty()) {
            start_what_may_start();
            wait_for_news();
            for (auto& child : children_) cut_short_if_overdue(child);
            settle_closed();
        }
    }

private:
    bool may_start(const TestBatch& batch) const {
        if (static_cast<int>(children_.size()) >= std::max(1, options_.workers)) return false;
        for (const auto& child : children_)
            for (const auto& running : child.batch.tests)
                for (const auto& test : batch.tests)
                    if (!may_overlap(test, running)) return false;
        return true;
    }

    void start_what_may_start() {
        // One worker keeps the batches' order; several take the first batch that may run beside the others.
        for (auto it = pending_.begin(); it != pending_.end();) {
            if (it->tests.empty()) {
                it = pending_.erase(it);
                continue;
            }
            if (!may_start(*it)) {
                if (options_.workers <= 1 || static_cast<int>(children_.size()) >= options_.workers) return;
                ++it;
                continue;
            }
            TestBatch batch = std::move(*it);
            it = pending_.erase(it);
            spawn(std::move(batch));
        }
    }

    void spawn(TestBatch batch) {
        int fds[2];
        if (::pipe(fds) != 0) return refuse(batch, std::string("cannot make a pipe for a child: ") + std::strerror(errno));
        std::fflush(nullptr);  // what the parent buffered must not be written twice
        const pid_t parent = ::getpid();
        const pid_t pid = ::fork();
        if (pid < 0) {
            ::close(fds[0]);
            ::close(fds[1]);
            return refuse(batch, std::string("cannot start a child: ") + std::strerror(errno));
        }
        if (pid == 0) {
            ::close(fds[0]);
            become_child(parent, children_);
            const EventWriter events(fds[1]);
            // Nothing may leave this block: past it lies the parent's code, which a child must never run.
            int status = kEscapedExit;
            try {
                status = body_(batch, events);
                events.write({ChildEvent::Kind::Finished, {}});
            } catch (const std::exception& e) {
                events.write({ChildEvent::Kind::Escaped, std::string("an exception escaped: ") + e.what()});
            } catch (...) {
                events.write({ChildEvent::Kind::Escaped, "an exception of unknown type escaped"});
            }
            std::fflush(nullptr);
            ::_exit(status);
        }
        ::close(fds[1]);
        ::fcntl(fds[0], F_SETFL, ::fcntl(fds[0], F_GETFL) | O_NONBLOCK);
        Child child;
        child.pid = pid;
        child.fd = fds[0];
        child.batch = std::move(batch);
        children_.push_back(std::move(child));
    }

    /// A batch no child could be started for: each of its tests fails with the reason (never silently lost).
    void refuse(const TestBatch& batch, const std::string& why) {
        for (const auto& test : batch.tests) {
            Child stand_in;
            stand_in.running = test;
            stand_in.running_since = Clock::now();
            news_.test_started(test);
            news_.test_lost(fault_outcome(stand_in, why, false, options_));
        }
    }

    void wait_for_news() {
        std::vector<pollfd> fds;
        for (const auto& child : children_) fds.push_back({child.fd, POLLIN, 0});
        if (fds.empty()) return;
        if (::poll(fds.data(), fds.size(), 200) <= 0) return;  // timeout or EINTR: the loop looks again
        for (std::size_t i = 0; i < fds.size(); ++i)
            if (fds[i].revents) read_from(children_[i]);
    }

    void read_from(Child& child) {
        char buffer[65536];
        for (;;) {
            const ssize_t n = ::read(child.fd, buffer, sizeof buffer);
            if (n > 0) {
                for (auto& event : child.reader.feed(buffer, static_cast<std::size_t>(n))) handle(child, std::move(event));
                continue;
            }
            if (n < 0 && errno == EINTR) continue;
            if (n == 0 || errno != EAGAIN) child.closed = true;
            return;
        }
    }

    void handle(Child& child, ChildEvent event) {
        switch (event.kind) {
            case ChildEvent::Kind::Started:
                child.running = event.name;
                child.running_since = Clock::now();
                child.last_request.clear();
                ++child.started;
                news_.test_started(event.name);
                return;
            case ChildEvent::Kind::Sending: child.last_request = std::move(event.name); return;
            case ChildEvent::Kind::Ended:
                child.ended.insert(event.name);
                child.running.clear();
                news_.test_logged(event.name);
                return;
            case ChildEvent::Kind::Escaped: child.escaped = std::move(event.name); return;
            case ChildEvent::Kind::Finished: child.finished = true; return;
        }
    }

    void cut_short_if_overdue(Child& child) {
        if (child.cut_short || child.running.empty() || options_.hard_limit.count() <= 0) return;
        if (Clock::now() - child.running_since <= options_.hard_limit) return;
        child.cut_short = true;
        ::kill(child.pid, SIGKILL);
    }

    void settle_closed() {
        for (auto it = children_.begin(); it != children_.end();) {
            if (!it->closed) {
                ++it;
                continue;
            }
            int status = 0;
            while (::waitpid(it->pid, &status, 0) < 0 && errno == EINTR) {
            }
            ::close(it->fd);
            Child child = std::move(*it);
            it = children_.erase(it);
            settle(child, status);
        }
    }

    void settle(Child& child, int status) {
        const std::string cause = child.cut_short ? "no end after " + std::to_string(options_.hard_limit.count()) + " s"
                                  : !child.escaped.empty() ? child.escaped
                                  : child.finished         ? std::string("its child finished without ending it")
                                                           : describe_wait_status(status);
        if (!child.running.empty()) {
            news_.test_lost(fault_outcome(child, cause, child.cut_short, options_));
            child.ended.insert(child.running);
        }
        TestBatch rest;
        for (const auto& test : child.batch.tests)
            if (!child.ended.count(test)) rest.tests.push_back(test);
        if (rest.tests.empty()) return;
        if (child.started == 0) {
            // It ended before its first test began: a new child would do the same.
            refuse(rest, "the child ended before this test began: " + cause);
            return;
        }
        pending_.push_front(std::move(rest));
    }

    std::deque<TestBatch> pending_;
    std::vector<Child> children_;
    const SupervisorOptions& options_;
    const ChildBody& body_;
    SupervisorNews& news_;
};

}  // namespace

std::string describe_wait_status(int status) {
    if (WIFSIGNALED(status)) {
        const int signal = WTERMSIG(status);
        const char* name = ::sigabbrev_np(signal);
        return std::string(name ? std::string("SIG") + name : "signal") + " (signal " + std::to_string(signal) + ")";
    }
    if (WIFEXITED(status)) return "exit status " + std::to_string(WEXITSTATUS(status));
    return "wait status " + std::to_string(status);
}

void supervise(std::vector<TestBatch> batches, const SupervisorOptions& options, const ChildBody& body, SupervisorNews& news) {
    Supervisor(std::move(batches), options, body, news).run();
}

}  // namespace dockside::conform
