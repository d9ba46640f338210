import { Suspense, lazy, useState } from 'react';
import { Avatar, Button, Card, Col, Descriptions, Flex, Result, Row, Spin, Tabs } from 'antd';
import { CameraOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../../app/feedback';
import { useAppDispatch } from '../../../app/hooks';
import { formatDate } from '../../../lib/date';
import { fileUrl, useFilesBase } from '../../../lib/files';
import { userUpdated } from '../../auth/authSlice';
import { useGetProfileQuery, useUploadAvatarMutation } from '../api';
import '../i18n';
import ResetPasswordForm from './ResetPasswordForm';
import UserInfoForm from './UserInfoForm';

const AvatarCropper = lazy(() => import('./AvatarCropper'));

/** The personal center (/user/profile): details, edit them, change password, new avatar. */
export default function ProfilePage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const filesBase = useFilesBase();
  const { data, isLoading, isError, refetch } = useGetProfileQuery();
  const [uploadAvatar] = useUploadAvatarMutation();
  const [cropperOpen, setCropperOpen] = useState(false);

  if (isLoading) return <Spin />;
  if (isError || !data) {
    return (
      <Result
        status="warning"
        title={t('profile.loadFailed')}
        extra={<Button onClick={() => void refetch()}>{t('common.reload')}</Button>}
      />
    );
  }
  const { user, roleGroup } = data;
  const avatar = filesBase === undefined ? undefined : fileUrl(filesBase, user.avatar);

  const upload = async (image: Blob) => {
    const imgUrl = await uploadAvatar(image).unwrap();
    dispatch(userUpdated({ avatar: imgUrl }));
    showMessage('success', t('profile.avatarUploaded'));
  };

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={8}>
        <Card title={t('profile.info')}>
          <Flex vertical align="center" gap={12} style={{ marginBottom: 16 }}>
            <Avatar size={120} src={avatar} icon={<UserOutlined aria-hidden />} alt={t('profile.avatar')} />
            <Button icon={<CameraOutlined aria-hidden />} onClick={() => setCropperOpen(true)}>
              {t('profile.changeAvatar')}
            </Button>
          </Flex>
          <Descriptions
            column={1}
            size="small"
            items={[
              { key: 'userName', label: t('profile.userName'), children: user.userName },
              { key: 'phone', label: t('profile.phone'), children: user.phonenumber },
              { key: 'email', label: t('profile.email'), children: user.email },
              { key: 'roleGroup', label: t('profile.roleGroup'), children: roleGroup },
              { key: 'createTime', label: t('profile.createTime'), children: formatDate(user.createTime) },
            ]}
          />
        </Card>
      </Col>
      <Col xs={24} lg={16}>
        <Card title={t('profile.basic')}>
          <Tabs
            items={[
              { key: 'info', label: t('profile.editInfo'), children: <UserInfoForm user={user} /> },
              { key: 'password', label: t('profile.changePassword'), children: <ResetPasswordForm /> },
            ]}
          />
        </Card>
      </Col>
      {cropperOpen ? (
        <Suspense fallback={null}>
          <AvatarCropper open={cropperOpen} current={avatar} onClose={() => setCropperOpen(false)} onUpload={upload} />
        </Suspense>
      ) : null}
    </Row>
  );
}
