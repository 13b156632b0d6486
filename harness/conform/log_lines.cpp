#include "harness/conform/log_lines.h"

#include <cstdio>
#include <iomanip>
#include <iostream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

namespace dockside::conform {
namespace {

std::string full_name(const ::testing::TestInfo& info) {
    return std::string(info.test_suite_name()) + "." + info.name();
}

class LogLines : public ::testing::EmptyTestEventListener {
public:
    void OnTestStart(const ::testing::TestInfo& info) override { write("[ RUN      ] " + full_name(info) + "\n"); }

    void OnTestEnd(const ::testing::TestInfo& info) override {
        const auto* result = info.result();
        std::ostringstream line;
        line << (result->Skipped() ? "[  SKIPPED ] " : result->Failed() ? "[  FAILED  ] " : "[       OK ] ")
             << full_name(info) << " (" << std::fixed << std::setprecision(3)
             << static_cast<double>(result->elapsed_time()) / 1000.0 << " s)\n";
        write(line.str());
    }

private:
    /// After what the test itself printed: both streams are flushed first, the line itself at once.
    static void write(const std::string& text) {
        std::cout.flush();
        std::cerr.flush();
        std::fflush(stderr);
        std::fputs(text.c_str(), stdout);
        std::fflush(stdout);
    }
};

}  // namespace

void mark_tests_in_log() { ::testing::UnitTest::GetInstance()->listeners().Append(new LogLines); }

}  // namespace dockside::conform
