#include "harness/auth/refresh_token_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "core/text.h"

namespace dockside::auth {
namespace {

std::string folder_of(const std::string& path) {
    const auto folder = std::filesystem::path(path).parent_path();
    return folder.empty() ? "." : folder.string();
}

bool write_all(int fd, const std::string& text) {
    std::size_t done = 0;
    while (done < text.size()) {
        const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        done += static_cast<std::size_t>(n);
    }
    return true;
}

}  // namespace

Result<std::string, std::string> RefreshTokenFile::read() const {
    struct stat info {};
    if (::stat(path_.c_str(), &info) != 0) {
        if (errno == ENOENT) return std::string();
        return fail("--refresh-token-file " + path_ + ": " + std::strerror(errno));
    }
    if (!S_ISREG(info.st_mode)) return fail("--refresh-token-file " + path_ + ": not a regular file");
    // A secret others can read is already leaked; refusing says so before the run spends it.
    if ((info.st_mode & (S_IRWXG | S_IRWXO)) != 0)
        return fail("--refresh-token-file " + path_ + ": readable by others than its owner; chmod 600 it");
    std::ifstream in(path_);
    if (!in) return fail("--refresh-token-file " + path_ + ": cannot be read");
    std::string first;
    std::getline(in, first);
    return std::string(trim(first));
}

Result<bool, std::string> RefreshTokenFile::check_writable() const {
    const std::string folder = folder_of(path_);
    std::error_code ec;
    if (!std::filesystem::is_directory(folder, ec))
        return fail("--refresh-token-file " + path_ + ": the folder " + folder + " does not exist");
    if (::access(folder.c_str(), W_OK) != 0)
        return fail("--refresh-token-file " + path_ + ": the folder " + folder + " is not writable");
    if (std::filesystem::is_directory(path_, ec)) return fail("--refresh-token-file " + path_ + ": is a folder");
    return true;
}

Result<std::string, std::string> RefreshTokenFile::read_for_run() const {
    if (auto writable = check_writable(); !writable) return fail(writable.error());
    return read();
}

Result<bool, std::string> RefreshTokenFile::write(const std::string& refresh_token) const {
    std::string temporary = path_ + ".XXXXXX";
    const int fd = ::mkstemp(temporary.data());  // created 0600
    if (fd < 0) return fail("cannot store the refresh token in " + path_ + ": " + std::strerror(errno));
    const bool written = ::fchmod(fd, S_IRUSR | S_IWUSR) == 0 && write_all(fd, refresh_token + "\n") && ::fsync(fd) == 0;
    const int saved = errno;
    ::close(fd);
    if (!written || ::rename(temporary.c_str(), path_.c_str()) != 0) {
        const std::string why = std::strerror(written ? errno : saved);
        ::unlink(temporary.c_str());
        return fail("cannot store the refresh token in " + path_ + ": " + why);
    }
    // The rename is durable once the folder is synced; without it a crash could bring the spent token back.
    if (const int folder = ::open(folder_of(path_).c_str(), O_RDONLY | O_DIRECTORY); folder >= 0) {
        ::fsync(folder);
        ::close(folder);
    }
    return true;
}

}  // namespace dockside::auth
