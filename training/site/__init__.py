"""What writes the documentation's generated parts: docs/results.md from the evaluation
harness, and docs/serve.png, the service's page in headless Chromium."""
