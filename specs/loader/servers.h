#pragma once
/// Which server an operation is sent to. The document's paths are served at its own server (the base URL)
/// unless a path or an operation names servers of its own, as the authorization server's endpoints do.

#include <string>

#include "specs/loader/spec.h"

namespace dockside::spec {

/// The server variable that names the authorization server in the document's `servers` urls.
inline constexpr const char* kAuthServer = "{auth_url}";

/// The url of the operation's own first `servers` entry, else of its path's ("{auth_url}" for
/// /connect/authorize); "" when it is served at the document's server.
std::string own_server(const Spec& spec, const Operation& op);

}  // namespace dockside::spec
