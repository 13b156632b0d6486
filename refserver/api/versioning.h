#pragma once
/// The 2.0 -> 2025-07 path renames, used only by the VER-RENAMED.serves-2.0-paths fault.

#include <string>
#include <string_view>

namespace dockside::refserver {

/// The 2025-07 form of a 2.0 slash-style path ("/2025-07/order/5/cancel" -> "/2025-07/order/5:cancel");
/// any other path unchanged.
std::string rewrite_legacy_path(std::string_view path);

}  // namespace dockside::refserver
