#pragma once
/// A fresh folder under the system temp directory for one test, removed when the object goes.

#include <filesystem>
#include <random>
#include <string>

namespace dockside::testing {

class ScratchDir {
public:
    ScratchDir() {
        std::random_device rd;
        path_ = (std::filesystem::temp_directory_path() / ("dockside-load-" + std::to_string(rd()))).string();
        std::filesystem::create_directories(path_);
    }
    ~ScratchDir() {
        std::error_code ignored;
        std::filesystem::remove_all(path_, ignored);
    }
    ScratchDir(const ScratchDir&) = delete;
    ScratchDir& operator=(const ScratchDir&) = delete;

    const std::string& path() const { return path_; }
    std::string sub(const std::string& name) const { return path_ + "/" + name; }

private:
    std::string path_;
};

}  // namespace dockside::testing
