#pragma once
/// The conformance session's view of an embedded reference server: where it listens and the credentials and
/// channels it was started with. Here, beside the embedded server, so that the suites never need to know
/// which server they are pointed at.

#include "harness/conform/session.h"
#include "refserver/embedded/embedded_server.h"

namespace dockside::refserver {

/// The target of a run against `server`; `simulation` says whether its /_sim/ control may be used.
conform::SessionInfo conformance_session_info(EmbeddedServer& server, bool simulation);

}  // namespace dockside::refserver
