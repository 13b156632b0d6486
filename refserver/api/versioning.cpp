// Versioning faults (VER-RENAMED, VER-REMOVED). Without them the previous version's paths are simply
// absent from the routes and answer 404; with them the spec's x-removed-paths are served again.

#include "refserver/core/area.h"
#include "refserver/core/context.h"

namespace dockside::refserver {
namespace {

Reply removed_read(RequestContext&) {
    // The removed 2.0 read (a status history) answered a list; an empty one suffices to show that the
    // path is (wrongly) served.
    return json_response(200, nlohmann::json::array());
}

void bind_versioning(HandlerTable& table, const FaultSet& faults) {
    if (faults.on(Fault::VersionServesOldPaths)) table.serve_renamed_paths();
    if (faults.on(Fault::VersionServesStatusHistory)) table.serve_removed_reads(removed_read);
}

}  // namespace

Area versioning_area() { return {"versioning", bind_versioning, nullptr}; }

}  // namespace dockside::refserver
