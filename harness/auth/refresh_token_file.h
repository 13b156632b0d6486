#pragma once
/// Where a run keeps its OAuth refresh token between runs (`--refresh-token-file FILE`). The document
/// issues a new refresh token with every renewal and the old one stops working: a token written down
/// once goes stale at the first renewal, so the file is rewritten with every rotation. It holds a
/// secret, so it is created readable by its owner only (0600), and it is replaced atomically (a
/// temporary file beside it, renamed over it): a run killed mid-write leaves the old token or the new
/// one, never half of one.

#include <string>

#include "core/result.h"

namespace dockside::auth {

class RefreshTokenFile {
public:
    explicit RefreshTokenFile(std::string path) : path_(std::move(path)) {}

    const std::string& path() const { return path_; }

    /// The refresh token the file holds (its first line, surrounding blanks removed); "" when the file
    /// does not exist yet (the run obtains a token and writes it) or is empty. The error names the file
    /// and why it cannot be read or used: a folder, unreadable, or readable by others than its owner.
    Result<std::string, std::string> read() const;

    /// Whether the file can be written: its folder exists and is writable. Checked before a run starts,
    /// with the other configuration.
    Result<bool, std::string> check_writable() const;

    /// What a run does before it starts: check_writable(), then read(); one error for either.
    Result<std::string, std::string> read_for_run() const;

    /// Replaces the file's content with `refresh_token` and a newline, mode 0600, atomically.
    Result<bool, std::string> write(const std::string& refresh_token) const;

private:
    std::string path_;
};

}  // namespace dockside::auth
