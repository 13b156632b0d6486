#!/usr/bin/env python3
"""A TCP proxy on 127.0.0.1 that holds every chunk for half the round trip in each direction, so a target on
this machine answers as one 50 ms away does (a staging server over the internet). By hand only:

    delay_proxy.py LISTEN_PORT TARGET_PORT [ROUND_TRIP_MS]

It prints 'listening on PORT' once ready and runs until killed."""
import asyncio
import sys


async def pipe(reader, writer, delay):
    try:
        while True:
            chunk = await reader.read(65536)
            if not chunk:
                break
            await asyncio.sleep(delay)
            writer.write(chunk)
            await writer.drain()
    except (ConnectionError, asyncio.CancelledError):
        pass
    finally:
        writer.close()


async def main():
    listen, target = int(sys.argv[1]), int(sys.argv[2])
    delay = (float(sys.argv[3]) if len(sys.argv) > 3 else 50.0) / 2000.0

    async def serve(client_reader, client_writer):
        try:
            server_reader, server_writer = await asyncio.open_connection("127.0.0.1", target)
        except OSError:
            client_writer.close()
            return
        await asyncio.gather(pipe(client_reader, server_writer, delay), pipe(server_reader, client_writer, delay))

    server = await asyncio.start_server(serve, "127.0.0.1", listen)
    print(f"listening on {server.sockets[0].getsockname()[1]}", flush=True)
    async with server:
        await server.serve_forever()


asyncio.run(main())
