//! The city list over gRPC: any signed-in caller may read it.

use lumiscape_common::access::{SIGNED_IN, authorize_global};
use lumiscape_common::i18n::Msg;
use lumiscape_common::service::Context;
use lumiscape_common::{Error, StatusExt};
use lumiscape_proto::project::v1 as pb;
use lumiscape_proto::project::v1::city_service_server::CityService;
use tonic::{Request, Response, Status};

use super::{City, search};

/// Longest city name filter accepted (the longest name has 11 characters).
const MAX_NAME_FILTER: usize = 50;

pub struct CityApi {
    shared: Context,
}

impl CityApi {
    pub fn new(shared: Context) -> Self {
        Self { shared }
    }
}

#[tonic::async_trait]
impl CityService for CityApi {
    async fn list_cities(
        &self,
        request: Request<pb::ListCitiesRequest>,
    ) -> Result<Response<pb::ListCitiesResponse>, Status> {
        let access = authorize_global(&self.shared.auth, &request, SIGNED_IN).await?;
        list(request.get_ref()).reply(access.lang())
    }
}

fn list(request: &pb::ListCitiesRequest) -> Result<pb::ListCitiesResponse, Error> {
    let name = request.city_name.trim();
    if name.chars().count() > MAX_NAME_FILTER {
        return Err(Error::bad_request(Msg::SearchTooLong));
    }
    let province = request.province_code.trim();
    let is_code = province.len() == 2 && province.bytes().all(|b| b.is_ascii_digit());
    if !province.is_empty() && !is_code {
        return Err(Error::bad_request(Msg::ProvinceCodeInvalid));
    }
    Ok(pb::ListCitiesResponse { cities: search(name, province).map(message).collect() })
}

fn message(city: &City) -> pb::City {
    pb::City {
        code: city.code.clone(),
        name: city.name.clone(),
        province_code: city.province_code.clone(),
        province_name: city.province_name.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(city_name: &str, province_code: &str) -> pb::ListCitiesRequest {
        pb::ListCitiesRequest { city_name: city_name.into(), province_code: province_code.into() }
    }

    #[test]
    fn filters_are_checked() {
        assert_eq!(list(&request(" 杭州 ", "")).unwrap().cities.len(), 1);
        assert_eq!(list(&request("", "33")).unwrap().cities.len(), 11);
        for bad in ["3", "330", "ab", "3 "] {
            let err = list(&request("", bad)).unwrap_err();
            assert_eq!(err.msg, Msg::ProvinceCodeInvalid, "{bad:?}");
        }
        assert_eq!(list(&request(&"城".repeat(51), "")).unwrap_err().msg, Msg::SearchTooLong);
    }
}
