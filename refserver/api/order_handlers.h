#pragma once
/// Handlers of the orders area, split over several files by operation.

#include "refserver/core/errors.h"

namespace dockside::refserver {

struct RequestContext;

Reply create_order(RequestContext& ctx);
Reply list_orders(RequestContext& ctx);

}  // namespace dockside::refserver
