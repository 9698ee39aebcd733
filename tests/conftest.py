"""Hypothesis profiles: CI uses the built-in ``ci`` profile (CI=true); ``dev`` runs more."""

import os

from hypothesis import settings

settings.register_profile("dev", max_examples=500)
if not os.environ.get("CI"):
    settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
