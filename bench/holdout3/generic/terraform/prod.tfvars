environment          = "prod"
region               = "eu-central-1"
vpc_cidr             = "10.40.0.0/16"
cluster_version      = "1.29"
node_instance_types  = ["m6i.large", "m6i.xlarge"]

db_instance_class    = "db.r6g.large"
db_username          = "ledger_admin"
# expect: CWE-798
db_password          = "Tly-ledger!prod-5521"
db_password_secret_arn = "arn:aws:secretsmanager:eu-central-1:123456789012:secret:tallybook/prod/db-AbCdEf"

grafana_admin_user   = "admin"
# expect: CWE-798
grafana_admin_password = "Gf4na!tallybook-ops"

alert_email          = "oncall@tallybook.example"
datadog_site         = "datadoghq.eu"
datadog_api_key      = ""
cloudflare_zone_id   = "9f8e7d6c5b4a39281706f5e4d3c2b1a0"
