# %% [markdown]
# # Monthly churn analysis
# Exported from `notebooks/churn_analysis.ipynb`. Pulls subscription events from
# the warehouse, de-duplicates, and writes a summary to the reporting bucket.

# %%
import hashlib
import io
import json
import os
import random
import subprocess
from datetime import date

import boto3
import numpy as np
import pandas as pd
import requests
import sqlalchemy as sa
import yaml

# %%
engine = sa.create_engine(os.environ["WAREHOUSE_URL"], connect_args={"sslmode": "verify-full"})
s3 = boto3.client("s3")
REPORT_BUCKET = os.environ.get("REPORT_BUCKET", "analytics-reports")

with open("config/churn.yml") as fh:
    cfg = yaml.safe_load(fh)

month = date.fromisoformat(cfg.get("month", date.today().replace(day=1).isoformat()))
plans = [str(p) for p in cfg.get("plans", ["basic", "pro", "enterprise"])]

# %%
query = sa.text(
    """
    SELECT account_id, plan, event_type, occurred_at, payload
    FROM subscription_events
    WHERE occurred_at >= :start AND occurred_at < :start + interval '1 month'
      AND plan = ANY(:plans)
    """
)
events = pd.read_sql(query, engine, params={"start": month, "plans": plans})
events.shape

# %%
# Partners re-send events; dedupe on a content fingerprint.
events["fingerprint"] = events.apply(
    lambda r: hashlib.md5(f"{r.account_id}|{r.event_type}|{r.occurred_at}".encode()).hexdigest(), axis=1
)
events = events.drop_duplicates("fingerprint")

# %%
random.seed(42)
np.random.seed(42)
sample_ids = random.sample(sorted(events.account_id.unique()), k=min(200, events.account_id.nunique()))
sample = events[events.account_id.isin(sample_ids)]
sample.head()

# %%
summary = (
    events.assign(churned=events.event_type.eq("cancelled"))
    .groupby("plan")
    .agg(accounts=("account_id", "nunique"), churned=("churned", "sum"))
)
summary["churn_rate"] = (summary.churned / summary.accounts).round(4)
summary

# %%
fx = requests.get("https://api.exchangerate.host/latest", params={"base": "USD"}, timeout=10)
fx.raise_for_status()
eur_rate = fx.json()["rates"]["EUR"]

# %%
buf = io.StringIO()
summary.to_csv(buf)
key = f"churn/{month:%Y-%m}/summary.csv"
s3.put_object(Bucket=REPORT_BUCKET, Key=key, Body=buf.getvalue().encode(), ServerSideEncryption="aws:kms")

# %%
git_rev = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=False).stdout.strip()
meta = {"month": str(month), "plans": plans, "rows": int(len(events)), "eur_rate": eur_rate, "code_version": git_rev}
s3.put_object(Bucket=REPORT_BUCKET, Key=f"churn/{month:%Y-%m}/meta.json", Body=json.dumps(meta).encode())
meta
