# Production values for the analytics platform stack.
environment = "production"
aws_region  = "eu-west-2"

vpc_cidr             = "10.40.0.0/16"
private_subnet_cidrs = ["10.40.1.0/24", "10.40.2.0/24", "10.40.3.0/24"]

db_instance_class   = "db.r6g.xlarge"
db_allocated_storage = 500
db_username         = "analytics_admin"
# expect: CWE-798
db_password         = "I5yYfYOnTnvvY7ZPxFURxLAdoANOcXgx"
db_kms_key_arn      = "arn:aws:kms:eu-west-2:123456789012:key/4f1c2b9e-7d3a-4c8e-9b1f-2a6d5e8c0f37"

redshift_node_type  = "ra3.xlplus"
redshift_node_count = 4
redshift_master_password_secret_arn = "arn:aws:secretsmanager:eu-west-2:123456789012:secret:analytics/redshift-master-Xy12Ab"

bastion_ssh_public_key = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIJ3k9Xq1vB7mP2sQ8wN4rT6yU0zL5cH9dF3gK1jE7aWx ops@analytics"
ci_deployer_access_key_id = "AKIAR7TQ2XW4KD9LM3PZ"

datadog_site    = "datadoghq.eu"
# expect: CWE-798
datadog_api_key = "e40dd15fa7d008c1293de6041d6e0752"
datadog_app_key = ""

alert_email = "analytics-oncall@example.com"
pagerduty_service_id = "P7X3K2Q"

tags = {
  Team        = "data-platform"
  CostCenter  = "CC-4410"
  Environment = "production"
}
