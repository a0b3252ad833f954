"""The ASGI application: routes, static page files and JSON errors around one Service.

`create_app(config)` builds it; uvicorn's worker processes call `app_from_environment()`,
which reads the configuration `reftag serve` put in REFTAG_SERVE_CONFIG, so each worker
builds its own Service (its own model) and none shares anything mutable with another.
"""

import json
import os

from starlette.applications import Starlette
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from . import routes
from .errors import HANDLERS
from .limits import Limits
from .service import Config, Service

ENVIRONMENT = "REFTAG_SERVE_CONFIG"

ROUTES = [
    Route("/", routes.page, methods=["GET"]),
    Route("/api/health", routes.health, methods=["GET"]),
    Route("/api/model", routes.model, methods=["GET"]),
    Route("/api/labels", routes.labels, methods=["GET"]),
    Route("/api/openapi.json", routes.openapi, methods=["GET"]),
    Route("/api/parse", routes.parse, methods=["POST"]),
    Route("/api/find", routes.find, methods=["POST"]),
    Route("/api/relabel", routes.relabel, methods=["POST"]),
    Mount("/static", StaticFiles(directory=routes.STATIC), name="static"),
]


def create_app(config: Config = Config()) -> Starlette:
    app = Starlette(routes=ROUTES, exception_handlers=HANDLERS)
    app.state.service = Service(config)
    return app


def config_to_environment(config: Config) -> str:
    return json.dumps({"engine": config.engine, "model": config.model,
                       "limits": config.limits.to_dict()})


def app_from_environment() -> Starlette:
    values = json.loads(os.environ.get(ENVIRONMENT) or "{}")
    limits = Limits(**values.pop("limits", {}))
    return create_app(Config(limits=limits, **values))
