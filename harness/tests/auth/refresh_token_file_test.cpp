// The refresh-token file: read at start ("" before the first run), rewritten at each rotation with the
// owner's permissions only, replaced whole; a file others can read, or a folder that cannot be written,
// is refused before a run spends the token.

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>

#include "harness/auth/refresh_token_file.h"

namespace dockside::auth {
namespace {

namespace fs = std::filesystem;

struct Folder {
    Folder() : path(fs::temp_directory_path() / ("dockside-rtf-" + std::to_string(::getpid()) + "-" + std::to_string(++n))) {
        fs::create_directories(path);
    }
    ~Folder() { fs::remove_all(path); }
    std::string file(const std::string& name) const { return (path / name).string(); }
    fs::path path;
    static inline int n = 0;
};

mode_t mode_of(const std::string& path) {
    struct stat info {};
    ::stat(path.c_str(), &info);
    return info.st_mode & 0777;
}

/// What reading a file written by hand with this text and mode gives.
Result<std::string, std::string> read_hand_written(const Folder& folder, const std::string& text, mode_t mode) {
    const std::string path = folder.file("rt");
    std::ofstream(path) << text;
    ::chmod(path.c_str(), mode);
    return RefreshTokenFile(path).read();
}

TEST(RefreshTokenFile, AFileNotYetWrittenHoldsNoToken) {
    Folder folder;
    const RefreshTokenFile file(folder.file("rt"));
    const auto token = file.read();
    ASSERT_TRUE(token) << token.error();
    EXPECT_EQ(*token, "");
    EXPECT_TRUE(file.check_writable());
}

TEST(RefreshTokenFile, EachWriteReplacesTheTokenWithOwnerOnlyPermissions) {
    Folder folder;
    const RefreshTokenFile file(folder.file("rt"));
    ASSERT_TRUE(file.write("first-token"));
    EXPECT_EQ(mode_of(file.path()), 0600u);
    ASSERT_TRUE(file.write("second-token"));
    EXPECT_EQ(mode_of(file.path()), 0600u);
    const auto token = file.read();
    ASSERT_TRUE(token) << token.error();
    EXPECT_EQ(*token, "second-token");
    // Replaced by a rename: no temporary file is left beside it.
    EXPECT_EQ(std::distance(fs::directory_iterator(folder.path), fs::directory_iterator()), 1);
}

TEST(RefreshTokenFile, TheFirstLineIsTheTokenWithoutSurroundingBlanks) {
    Folder folder;
    const auto token = read_hand_written(folder, "  kept-token \r\nsomething else\n", 0600);
    ASSERT_TRUE(token) << token.error();
    EXPECT_EQ(*token, "kept-token");
}

TEST(RefreshTokenFile, AFileOthersCanReadIsRefused) {
    Folder folder;
    const auto token = read_hand_written(folder, "leaked\n", 0644);
    ASSERT_FALSE(token);
    EXPECT_NE(token.error().find("readable by others"), std::string::npos) << token.error();
    EXPECT_NE(token.error().find("chmod 600"), std::string::npos) << token.error();
}

TEST(RefreshTokenFile, AMissingFolderOrAFolderInsteadOfAFileIsRefused) {
    Folder folder;
    const auto missing = RefreshTokenFile(folder.file("no-such-folder/rt")).check_writable();
    ASSERT_FALSE(missing);
    EXPECT_NE(missing.error().find("does not exist"), std::string::npos) << missing.error();
    EXPECT_FALSE(RefreshTokenFile(folder.file("no-such-folder/rt")).write("t"));
    // Reading alone finds no token there; a run checks that it could keep the next one before it starts.
    EXPECT_TRUE(RefreshTokenFile(folder.file("no-such-folder/rt")).read());
    EXPECT_FALSE(RefreshTokenFile(folder.file("no-such-folder/rt")).read_for_run());
    fs::create_directories(folder.file("sub"));
    EXPECT_FALSE(RefreshTokenFile(folder.file("sub")).check_writable());
    EXPECT_FALSE(RefreshTokenFile(folder.file("sub")).read());
}

}  // namespace
}  // namespace dockside::auth
