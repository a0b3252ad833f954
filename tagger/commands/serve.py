"""Serve the parser over HTTP: a JSON API (OpenAPI at /api/openapi.json) and a web page.

The page (GET /) takes pasted or uploaded references, shows each field in its colour and
each token's confidence, lets a person relabel tokens with a click or the keyboard, and
downloads the corrected references as the XML or JSON Lines that `reftag train` reads.
Loopback by default; --workers N runs N processes, each with its own model. Needs the
serve extra: pip install 'reftag[serve]'.
"""

import os
import sys

from ..serve.app import ENVIRONMENT, config_to_environment
from ..serve.limits import Limits
from ..serve.service import Config, Service
from .parse import add_engine_arguments

DEFAULTS = Limits()


def configure(parser):
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on "
                                                            "(default 127.0.0.1: this machine)")
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    add_engine_arguments(parser)
    parser.add_argument("--workers", type=int, default=1,
                        help="worker processes, each with its own model (default 1)")
    parser.add_argument("--max-body-bytes", type=int, default=DEFAULTS.max_body_bytes,
                        help=f"largest text or JSON body (default {DEFAULTS.max_body_bytes:,})")
    parser.add_argument("--max-pdf-bytes", type=int, default=DEFAULTS.max_pdf_bytes,
                        help=f"largest PDF body (default {DEFAULTS.max_pdf_bytes:,})")
    parser.add_argument("--max-references", type=int, default=DEFAULTS.max_references,
                        help=f"references per request (default {DEFAULTS.max_references:,})")
    parser.add_argument("--max-chars", type=int, default=DEFAULTS.max_chars,
                        help=f"characters per reference (default {DEFAULTS.max_chars:,})")
    parser.add_argument("--time-limit", type=float, default=DEFAULTS.time_limit,
                        help=f"seconds of work per request (default {DEFAULTS.time_limit:g})")
    parser.add_argument("--pdf-memory", type=int, default=DEFAULTS.pdf_memory, metavar="MB",
                        help="memory one PDF's reader (a child process) may use; past it the "
                             f"request gets a 413 (default {DEFAULTS.pdf_memory:,})")
    parser.add_argument("--pdf-readers", type=int, default=DEFAULTS.pdf_readers, metavar="N",
                        help="PDFs read at once by one worker; more wait their turn "
                             f"(default {DEFAULTS.pdf_readers})")
    parser.add_argument("--access-log", action="store_true", help="log every request")


def run(args) -> int:
    limits = Limits(args.max_body_bytes, args.max_pdf_bytes, args.max_references,
                    args.max_chars, args.time_limit, args.pdf_memory, args.pdf_readers)
    if args.workers < 1 or min(limits.to_dict().values()) <= 0:
        print("reftag: --workers and every limit must be positive", file=sys.stderr)
        return 1
    config = Config(engine=args.engine, model=args.model, limits=limits)
    service = Service(config)  # say what is wrong with the model before listening
    if service.model_error:
        answer = "the rule tagger answers" if service.engine else "requests get 503"
        print(f"reftag: warning: {service.model_error}; {answer}", file=sys.stderr)
    os.environ[ENVIRONMENT] = config_to_environment(config)

    import uvicorn

    print(f"reftag serve: http://{args.host}:{args.port}/ ({args.workers} worker"
          f"{'s' if args.workers > 1 else ''}, engine {service.engine or 'none'})",
          file=sys.stderr, flush=True)
    uvicorn.run("tagger.serve.app:app_from_environment", factory=True, host=args.host,
                port=args.port, workers=args.workers, log_level="warning",
                access_log=args.access_log, timeout_graceful_shutdown=5)
    return 0
