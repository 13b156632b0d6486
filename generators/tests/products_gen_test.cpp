// Products and variants: request shapes validate (weight a number, no id on create, id on update).
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "generators/products_gen.h"
#include "generators/tests/test_support.h"

namespace dockside::generators {
namespace {

using nlohmann::json;

const ProductInputs kProductInputs{{5001, 5002, 5003}, {7}};

RC_GTEST_PROP(ProductsGen, BodiesValidate, ()) {
    RC_ASSERT(testing::body_violations("patchProduct", *gen_product_patch(kProductInputs)).empty());
    auto created = *gen_variant_create();
    RC_ASSERT(testing::body_violations("createVariants", created).empty());
    for (const auto& v : created) RC_ASSERT(!v.contains("id"));
    auto update = *gen_variant_batch_update(kProductInputs);
    RC_ASSERT(testing::body_violations("updateVariants", update).empty());
    RC_ASSERT(update.contains("id"));
    auto merge = *gen_merge_targets(kProductInputs);
    RC_ASSERT(testing::body_violations("mergeVariants", merge).empty());
    RC_ASSERT(!merge.empty());
    auto meta = *gen_channel_metadata(kProductInputs);
    RC_ASSERT(testing::body_violations("addChannelMetadata", meta).empty());
    RC_ASSERT(meta["channel_id"] == 7);
}

}  // namespace
}  // namespace dockside::generators
