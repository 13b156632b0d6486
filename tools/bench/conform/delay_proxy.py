#!/usr/bin/env python3
"""A TCP proxy on 127.0.0.1 that holds every chunk for half the round trip in each direction, so a target on
this machine answers as one 50 ms away does (a staging server over the internet). By hand only:

    delay_proxy.py LISTEN_PORT TARGET_PORT [ROUND_TRIP_MS] [REQUEST_LINE_REGEX]

With a regex, only a request whose request line matches it ("^GET /2025-07/location[ ?]") is held, for the
whole round trip, and everything else passes at once: one operation of a server answers later through the
proxy, the same server answers as itself beside it (`dockside diff --against` the proxy). A client sends its
next request on a connection only after the answer, so a chunk from the client starts with its request line.
It prints 'listening on PORT' once ready and runs until killed."""
import asyncio
import re
import sys


async def pipe(reader, writer, delay, held=None):
    try:
        while True:
            chunk = await reader.read(65536)
            if not chunk:
                break
            if held is None or held.search(chunk.split(b"\r\n", 1)[0].decode("latin-1")):
                await asyncio.sleep(delay)
            writer.write(chunk)
            await writer.drain()
    except (ConnectionError, asyncio.CancelledError):
        pass
    finally:
        writer.close()


async def main():
    listen, target = int(sys.argv[1]), int(sys.argv[2])
    round_trip = (float(sys.argv[3]) if len(sys.argv) > 3 else 50.0) / 1000.0
    held = re.compile(sys.argv[4]) if len(sys.argv) > 4 else None

    async def serve(client_reader, client_writer):
        try:
            server_reader, server_writer = await asyncio.open_connection("127.0.0.1", target)
        except OSError:
            client_writer.close()
            return
        if held is None:
            await asyncio.gather(pipe(client_reader, server_writer, round_trip / 2), pipe(server_reader, client_writer, round_trip / 2))
        else:
            await asyncio.gather(pipe(client_reader, server_writer, round_trip, held), pipe(server_reader, client_writer, 0.0))

    server = await asyncio.start_server(serve, "127.0.0.1", listen)
    print(f"listening on {server.sockets[0].getsockname()[1]}", flush=True)
    async with server:
        await server.serve_forever()


asyncio.run(main())
