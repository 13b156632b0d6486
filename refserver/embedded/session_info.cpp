#include "refserver/embedded/session_info.h"

namespace dockside::refserver {

conform::SessionInfo conformance_session_info(EmbeddedServer& server, bool simulation) {
    conform::SessionInfo info;
    info.base_url = server.base_url();
    info.auth_url = server.base_url();
    info.token = server.api().pat();
    info.read_only_token = server.api().read_only_token();
    info.write_channel = server.api().write_channel_id();
    if (server.api().read_only_channel_id() != 0) info.read_only_channel = server.api().read_only_channel_id();
    if (auto client = server.api().oauth_client(); client && !client->redirect_uris.empty())
        info.oauth_client = conform::OAuthClientInfo{client->client_id, client->client_secret, client->redirect_uris.front()};
    info.simulation = simulation;
    info.embedded = true;
    return info;
}

}  // namespace dockside::refserver
