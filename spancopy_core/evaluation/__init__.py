"""Metrics: the paper's (exact match, accuracy@k, MRR: ``metrics``), GLEU (``gleu``) and the
prose metrics built on it (``prose_metrics``)."""
