#pragma once
/// A whole file read into memory or written from it, bytes as they are: the one way every layer does it, so
/// that every failure names the path the same way.

#include <string>

#include "core/result.h"

namespace dockside {

/// The file's bytes; the error is "cannot read PATH".
Result<std::string, std::string> read_text_file(const std::string& path);

/// Writes `text` to `path`, replacing what was there; the error is "cannot write PATH".
Result<bool, std::string> write_text_file(const std::string& path, const std::string& text);

}  // namespace dockside
