#pragma once
/// The generators' RequestProvider for the rule checks (harness/checks): for every operation it knows,
/// a valid base request drawn from the generators of this folder, with the probe's value put in place
/// (text of N characters, an integer one past a range, an item repeated, …). What a base needs from the
/// target (inventory ids, a product, an invoice) is discovered by the caller and passed in.

#include <cstdint>
#include <string>
#include <vector>

#include "generators/orders_gen.h"
#include "generators/products_gen.h"
#include "generators/returns_gen.h"
#include "harness/checks/provider.h"

namespace dockside::generators {

/// What the target has, read by the caller at run time. Zero ids mean "none known": the operations
/// that need one answer "no request" with the reason.
struct TargetInputs {
    OrderInputs orders;        ///< product_ids empty: order lines by reference_id + name
    ReturnInputs returns;      ///< returnable inventory ids
    ProductInputs products;    ///< variants of `product_id`, channels for metadata
    std::int64_t product_id = 0;
    std::int64_t invoice_id = 0;
    std::int64_t receiving_id = 0;
    /// Starts every value that must be unique on the target (reference ids), so reruns do not collide.
    std::string run_tag = "DS-";
    /// When set, an instant in the target's own clock (the newest order's created_date when the run began):
    /// listOrders requests without a date filter ask only for orders inserted since, so what a list probe
    /// answers is the run's own orders and does not grow with the orders the target held before the run.
    std::string orders_since;
};

class GeneratedRequests : public checks::RequestProvider {
public:
    explicit GeneratedRequests(TargetInputs inputs);

    Result<rc::Gen<checks::ProbeRequest>, std::string> requests(const checks::Probe& probe) const override;

    /// The valid base request of one operation, or why there is none.
    Result<rc::Gen<checks::ProbeRequest>, std::string> base(const std::string& operation) const;

    /// Operations with a base request (given these inputs), sorted.
    std::vector<std::string> operations() const;

private:
    /// A request outside the contract (a path that is not served): the probe's method and path, its
    /// placeholders filled from path_values_from's valid request (setup and body included) or kUnknownId.
    Result<rc::Gen<checks::ProbeRequest>, std::string> raw_requests(const checks::Probe& probe) const;

    TargetInputs inputs_;
};

/// Puts the probe's value into `request` (drawing with `*gen`, so call it inside rc::gen::exec). A place
/// the request lacks (an array the body does not hold) fails generation naming it.
void apply_probe(const checks::Probe& probe, const TargetInputs& inputs, checks::ProbeRequest& request);

}  // namespace dockside::generators
