// The list of areas the server serves. Adding an area: write api/<area>.cpp defining
// `Area <area>_area()` and add one X(<area>) line below.

#include "refserver/core/area.h"

#define DOCKSIDE_REFSERVER_AREAS(X) \
    X(oauth)                        \
    X(channels)                     \
    X(orders)                       \
    X(shipments)                    \
    X(versioning)                   \
    X(products)                     \
    X(variants)                     \
    X(inventory)                    \
    X(locations)                    \
    X(receiving)                    \
    X(returns)                      \
    X(billing)                      \
    X(webhooks)                     \
    X(simulation)

namespace dockside::refserver {

#define DOCKSIDE_DECLARE_AREA(name) Area name##_area();
DOCKSIDE_REFSERVER_AREAS(DOCKSIDE_DECLARE_AREA)
#undef DOCKSIDE_DECLARE_AREA

const std::vector<Area>& all_areas() {
#define DOCKSIDE_LIST_AREA(name) name##_area(),
    static const std::vector<Area> areas = {DOCKSIDE_REFSERVER_AREAS(DOCKSIDE_LIST_AREA)};
#undef DOCKSIDE_LIST_AREA
    return areas;
}

}  // namespace dockside::refserver
