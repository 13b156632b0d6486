// A whole file read and written as bytes, and the failures naming the path.
#include "core/text_file.h"

#include <filesystem>

#include <gtest/gtest.h>

namespace dockside {
namespace {

TEST(TextFile, WhatIsWrittenReadsBackByteForByte) {
    const auto path = (std::filesystem::temp_directory_path() / "dockside-text-file-test.bin").string();
    const std::string text("line one\r\nno final newline\0and a NUL", 36);
    ASSERT_TRUE(write_text_file(path, text).ok());
    auto read = read_text_file(path);
    ASSERT_TRUE(read.ok()) << read.error();
    EXPECT_EQ(*read, text);
    ASSERT_TRUE(write_text_file(path, "shorter").ok());
    EXPECT_EQ(read_text_file(path).value(), "shorter") << "writing replaces what was there";
    std::filesystem::remove(path);
}

TEST(TextFile, FailuresNameThePath) {
    auto missing = read_text_file("/nonexistent/dockside/file.txt");
    ASSERT_FALSE(missing.ok());
    EXPECT_EQ(missing.error(), "cannot read /nonexistent/dockside/file.txt");
    auto unwritable = write_text_file("/nonexistent/dockside/file.txt", "x");
    ASSERT_FALSE(unwritable.ok());
    EXPECT_EQ(unwritable.error(), "cannot write /nonexistent/dockside/file.txt");
}

}  // namespace
}  // namespace dockside
