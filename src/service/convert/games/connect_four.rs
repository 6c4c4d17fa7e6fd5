//! Connect Four's configuration on the wire.

use crate::games::connect_four::Config;
use crate::proto::tabula::v1 as pb;
use crate::service::convert::Violations;

/// The domain configuration of a wire one.
pub fn from_proto(c: &pb::ConnectFourConfig, _field: &str, _violations: &mut Violations) -> Config {
    Config { width: c.width, height: c.height, win_length: c.win_length, wrap_columns: c.wrap_columns }
}

/// The wire configuration of a domain one.
pub fn to_proto(c: &Config) -> pb::ConnectFourConfig {
    pb::ConnectFourConfig { width: c.width, height: c.height, win_length: c.win_length, wrap_columns: c.wrap_columns }
}
