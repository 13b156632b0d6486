// The generators every suite calls read the contract of the run (--spec-dir), not the one built in: the
// runner holds this scope while the suites run.

#include <memory>

#include "generators/run_spec.h"
#include "harness/conform/session_tests.h"

namespace dockside::suites {
namespace {

const bool kScoped = conform::add_session_scope([](const conform::Session& session) -> std::shared_ptr<void> {
    return std::make_shared<generators::SpecScope>(session.spec());
});

}  // namespace
}  // namespace dockside::suites
