// The files of a run's folder: which names belong to a run, and clearing an earlier run's files without
// touching anything else in the folder.

#include <filesystem>
#include <fstream>
#include <random>
#include <string>

#include <gtest/gtest.h>

#include "harness/load/result_files.h"

namespace dockside::load {
namespace {

namespace fs = std::filesystem;

TEST(RunFiles, TheNamesARunWritesAndNoOthers) {
    for (const char* name : {"summary.json", "capacity.json", "capacity.csv", "latency.hgrm", "service-time.hgrm",
                             "send-lag.hgrm", "latency.hlog", "service-time.hlog", "send-lag.hlog", "interval-counts.jsonl",
                             "latency-getOrder.hgrm", "service-time-GET_2025-07_location.hgrm"})
        EXPECT_TRUE(is_run_file(name)) << name;
    for (const char* name : {"notes.txt", "results.json", "junit.xml", "latency-notes.txt", "latency.hgrm.bak",
                             "my-latency.hgrm", "summary.json~", "other.hlog"})
        EXPECT_FALSE(is_run_file(name)) << name;
}

TEST(RunFiles, ClearingRemovesAnEarlierRunsFilesOnly) {
    const fs::path dir = fs::temp_directory_path() / ("dockside-result-files-" + std::to_string(std::random_device{}()));
    fs::create_directories(dir / "latency-sub.hgrm");  // a folder with a run file's name is not a file
    for (const char* name : {"summary.json", "latency-oldOp.hgrm", "send-lag.hlog", "notes.txt", "junit.xml"})
        std::ofstream(dir / name) << "x";
    auto removed = clear_previous_run(dir.string());
    ASSERT_TRUE(removed) << removed.error();
    EXPECT_EQ(*removed, 3);
    EXPECT_FALSE(fs::exists(dir / "summary.json"));
    EXPECT_FALSE(fs::exists(dir / "latency-oldOp.hgrm"));
    EXPECT_FALSE(fs::exists(dir / "send-lag.hlog"));
    EXPECT_TRUE(fs::exists(dir / "notes.txt"));
    EXPECT_TRUE(fs::exists(dir / "junit.xml"));
    EXPECT_TRUE(fs::is_directory(dir / "latency-sub.hgrm"));
    auto again = clear_previous_run(dir.string());
    ASSERT_TRUE(again);
    EXPECT_EQ(*again, 0);
    fs::remove_all(dir);
    EXPECT_FALSE(clear_previous_run(dir.string()));  // a folder that does not exist cannot be listed
}

}  // namespace
}  // namespace dockside::load
