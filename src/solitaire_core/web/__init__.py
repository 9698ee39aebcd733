"""The web table: ``solitaire-core serve``, a page where a person plays any shipped game.

``pip install 'solitaire-core[web]'`` brings Starlette and uvicorn; then
``solitaire-core serve [--host 127.0.0.1] [--port 8000] [--data FILE]`` serves
the table at ``/``. The server is the authority: the page gets only the
player's view and the events of each action, never a hidden card. The
modules, one job each:

* :mod:`~solitaire_core.web.command`: the ``serve`` command (its arguments and runner);
* :mod:`~solitaire_core.web.app`: the application: pages, static assets, routes, errors;
* :mod:`~solitaire_core.web.api`: the endpoints of the JSON API;
* :mod:`~solitaire_core.web.deals`: new deals (by code, by number, at random, winnable);
* :mod:`~solitaire_core.web.shapes`: the JSON answered (the table document);
* :mod:`~solitaire_core.web.requests`: reading requests;
* :mod:`~solitaire_core.web.errors`: the JSON errors, in English, Hungarian and Greek;
* :mod:`~solitaire_core.web.store`: the games in SQLite, surviving restarts, expiring;
* ``static/``: the page, its style sheet and its ES modules (no build step).

Only :mod:`~solitaire_core.web.command` and :mod:`~solitaire_core.web.store`
import without the ``web`` extra; docs/web.md describes the page, the API and
the DOM contract that tests and integrators rely on.
"""
