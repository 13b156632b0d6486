// Where a process finds the contract when none is named. The installed case (a binary beside
// share/dockside/specs, moved anywhere) is tested with the real install: tools/dockside/tests/installed_relocation_test.

#include "specs/loader/spec_location.h"

#include <filesystem>

#include <gtest/gtest.h>

namespace dockside::spec {
namespace {

TEST(SpecLocation, ABinaryInItsBuildTreeReadsTheSourceSpecs) {
    EXPECT_EQ(std::filesystem::canonical(default_spec_dir()), std::filesystem::canonical(DOCKSIDE_SPECS_DIR));
}

TEST(SpecLocation, AFolderNamedIsTheDefaultFromThenOn) {
    use_spec_dir("/elsewhere/specs");
    EXPECT_EQ(default_spec_dir(), "/elsewhere/specs");
    EXPECT_EQ(spec_files(default_spec_dir()).rules, "/elsewhere/specs/rules.yaml");
    use_spec_dir("");
    EXPECT_NE(default_spec_dir(), "/elsewhere/specs");
}

}  // namespace
}  // namespace dockside::spec
