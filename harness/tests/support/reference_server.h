#pragma once
// The reference server as a harness test's target, started in process with its defaults; a server that
// does not start fails the test that asked for it.

#include <memory>

#include <gtest/gtest.h>

#include "refserver/embedded/embedded_server.h"

namespace dockside::testing {

inline std::unique_ptr<refserver::EmbeddedServer> start_reference_server() {
    auto server = refserver::EmbeddedServer::start({});
    if (!server) {
        ADD_FAILURE() << server.error().front();
        return nullptr;
    }
    return std::move(server.value());
}

}  // namespace dockside::testing
